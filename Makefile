# The two commands of the README: `make demo` and `make test`; and `make check`, the edit loop's.
# Each installs what is missing first (Debian packages and .venv), quickly when all is there.
.PHONY: bootstrap demo test check bench lint clean

bootstrap:
	@bash scripts/bootstrap.sh

demo: bootstrap
	@.venv/bin/companion demo --target 150

test: bootstrap
	@bash scripts/test.sh

check: bootstrap
	@bash scripts/check.sh

bench: bootstrap
	@bash scripts/bench.sh

lint: bootstrap
	@.venv/bin/ruff check companion card_codes printables kit tests bench

clean:
	rm -rf .venv build *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis
