# The programs here run as separate processes (some under the mjai package's own Python):
# they are not test modules, and their imports need not resolve in the project's venv.
collect_ignore_glob = ["*.py"]
