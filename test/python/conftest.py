"""Prints what the judges checked (test_validate.py) at the end of the run."""
import sys


def pytest_terminal_summary(terminalreporter):
    validate = sys.modules.get("test_validate")
    if validate is None:
        return
    for judge in validate.JUDGES:
        if judge.problem:
            terminalreporter.write_line(f"!!! judge {judge.name}: {judge.problem}")
    for line in validate.SUMMARY:
        terminalreporter.write_line(line)
