# A name for every command of the README (make <name>): each runs the README's command exactly as written.
.PHONY: help lab test kit serve serve-notebook class-session site verify figures bench launch
help:
	@echo "make lab | test | kit | serve | serve-notebook class-session | site | verify | figures | bench | launch   (README.md says what each does)"
lab:
	python -m pip install -e . && python -m guesswho_lib lab
test:
	python -m pip install -e ".[test]" && python -m pytest
kit:
	python -m guesswho_lib guide --out teacher-kit/
	python -m guesswho_lib worksheets --out teacher-kit/
serve:
	python -m guesswho_lib serve
serve-notebook:
	python -m voila notebooks/app-play.ipynb --Voila.config_file_paths=serving
class-session:
	python -m guesswho_lib serve --class-store class.db
site:
	python -m guesswho_lib site --out site/
verify:
	python -m guesswho_lib verify
figures:
	python -m guesswho_lib figures --out figures/
bench:
	python benchmarks/bench_readme.py
	python benchmarks/bench_solver.py
launch:
	python -m guesswho_lib launch
