.PHONY: lab test bench
lab:
	python -m pip install -e . && python -m jupyterlab notebooks
test:
	python -m pip install -e ".[test]" && python -m pytest
bench:
	python benchmarks/bench_solver.py
