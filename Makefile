# Parallax Playground — the two commands in README.md start here.
SWIFT ?= swift
BIN := .build/debug/parallax-playground

.PHONY: run test build deps clean trace resources

## make run: install what is missing, build, open the playground.
run: build
	$(BIN) trace --scene photos --script fling | head -n 20

## make test: install what is missing, build, run every test.
test: deps
	$(SWIFT) build
	$(SWIFT) test

build: deps
	$(SWIFT) build

deps:
	@bash scripts/install-deps.sh

## make trace: the fling trace of the photos scene, to standard output.
trace: build
	$(BIN) trace --scene photos --script fling

## make resources: regenerate the bundled images (deterministic; see Resources/README.md).
resources:
	python3 Tools/make-resources.py

clean:
	rm -rf .build
