# A name for every command of the README (make <name>): each runs the README's command exactly as written.
.PHONY: help lab test test-oldest kit serve hub class-session site verify course figures bench launch
help:
	@echo "make lab | test | test-oldest | kit | serve | hub | class-session | site | verify | course | figures | bench | launch   (README.md says what each does)"
lab:
	python -m pip install -e . && python -m guesswho_lib lab
test:
	python -m pip install -e ".[test]" && python -m pytest -n 2 --dist loadfile
test-oldest:
	python -m venv .venv-oldest && .venv-oldest/bin/python -m pip install -c tests/constraints-oldest.txt -e ".[test]" && .venv-oldest/bin/python -m pytest tests/lessons/test_lessons_in_browser.py tests/widgets/test_widgets.py
kit:
	python -m pip install -e ".[kit]"
	python -m guesswho_apps guide --out teacher-kit/
	python -m guesswho_apps worksheets --out teacher-kit/
	python -m guesswho_apps exam --out teacher-kit/
	python -m guesswho_apps summaries --out teacher-kit/
serve:
	python -m guesswho_apps serve
hub:
	python -m pip install -e ".[jupyterhub]" && python -m jupyterhub -f school/jupyterhub_config.py
class-session:
	python -m guesswho_apps serve --class-store class.db
site:
	python -m pip install -e ".[site]" && python -m guesswho_apps site --out site/
verify:
	python -m guesswho_lib verify
course:
	python -m guesswho_apps course
figures:
	python -m guesswho_lib figures --out figures/
bench:
	python benchmarks/bench_readme.py
	python benchmarks/bench_solver.py
launch:
	python -m guesswho_apps launch
