# Parallax Playground — the two commands in README.md start here.
SWIFT ?= swift
BIN := .build/debug/parallax-playground

.PHONY: run test build deps deps-build clean trace resources golden shots bench bench-budget soak fuzz gif bench-record install install-bench uninstall install-check icons export-shot

## make run: install what is missing, build, open the playground on the bundled images.
run: build
	$(BIN) --scene photos --resources Resources

## make test: install what is missing, build, run every test. InstallTests stage the install
## themselves (scripts/install.sh into a temporary DESTDIR, once per run) from the tests' build
## and argument-parser's generate-manual, built here: `swift build` builds only this
## package's products. No test may touch the user's own settings, caches, thumbnails,
## Pictures or Videos: the folders are listed before the tests and checked after them
## (scripts/user-files.py), and a difference fails the run, named, even when the tests passed.
## The bundled images are checked against their generator (Tools/make-resources.py --check:
## deterministic, standard library only; 28 s of one core, `time python3 -B
## Tools/make-resources.py --check`) beside the build and the tests; its verdict is printed
## at the end, so a stale image fails the run named, not only as a golden frame.
## The windows the tests open share one Mesa shader cache in .build/ (MESA_SHADER_CACHE_DIR,
## which every spawned program inherits; their XDG_CACHE_HOME stays their own): with each
## window's own empty cache, llvmpipe compiled the same shaders again at every launch, about
## 0.3 s of CPU each.
## Without a login session (CI) there is no XDG_RUNTIME_DIR, and Debian's liborc 0.4.33,
## which libvips uses, then makes its code buffer in HOME (created and unlinked at once):
## the decodes the test bundle runs in its own process did that in the user's home
## (seen with inotify). The bundle gets a private runtime folder in .build instead; one the
## session already has is kept.
##
## The tests' build is SwiftPM's release configuration without optimization, in .build/tests
## (TEST_BUILD): as unoptimized as the debug build, but without DEBUG defined, which in
## argument-parser turns on a check of every command's declarations at every parse, 0.15 to
## 0.3 s of CPU per launch of the app, and the tests launch it about 700 times (`trace`
## 0.20 s → 0.06 s, `--version` 0.31 s → 0.05 s; that check still runs in `make run`'s debug
## build). Whole-module builds: a fresh clone builds everything, tests included, in 224 s
## here, where the debug build and the tests' targets took 268 s.
## The test bundle runs directly, not through `swift test`, to pass Swift Testing its
## admission width (TEST_WIDTH test cases at once, a time limit starting at admission): the
## end-to-end suites wait for their programs on threads of their own
## (Tests/EndToEnd/ThreadsOfTheirOwn.swift), so the width, not the pool's two threads, bounds
## how many run side by side. Some of the tests: `make test TEST_ARGS='--filter WindowTests'`.
TEST_BUILD = -c release --scratch-path .build/tests -Xswiftc -Onone -Xswiftc -enable-testing -Xcc -O0
TEST_BUNDLE = .build/tests/release/ParallaxPlaygroundPackageTests.xctest
TEST_WIDTH ?= 3
USER_FILES_BEFORE = .build/user-files-before.txt
MESA_SHADERS = $(CURDIR)/.build/mesa-shader-cache
RESOURCES_CHECK = .build/resources-check.txt
RUNTIME_DIR = $(CURDIR)/.build/runtime-dir
test: deps
	@mkdir -p .build
	/usr/bin/python3 -B Tools/make-resources.py --check > $(RESOURCES_CHECK) 2>&1 & check=$$!; \
	status=0; \
	{ $(SWIFT) build $(TEST_BUILD) --build-tests && $(SWIFT) build $(TEST_BUILD) --product generate-manual; } || status=$$?; \
	if [ $$status -eq 0 ]; then \
	    /usr/bin/python3 scripts/user-files.py snapshot $(USER_FILES_BEFORE) || status=1; \
	    mkdir -p -m 700 $(RUNTIME_DIR); \
	    XDG_RUNTIME_DIR="$${XDG_RUNTIME_DIR:-$(RUNTIME_DIR)}" \
	    MESA_SHADER_CACHE_DIR=$(MESA_SHADERS) $(TEST_BUNDLE) --testing-library swift-testing \
	        --experimental-maximum-parallelization-width $(TEST_WIDTH) $(TEST_ARGS) || status=$$?; \
	    /usr/bin/python3 scripts/user-files.py check $(USER_FILES_BEFORE) || status=1; \
	fi; \
	wait $$check || { status=1; echo "make test: the bundled images differ from Tools/make-resources.py:"; }; \
	cat $(RESOURCES_CHECK); \
	exit $$status

build: deps-build
	$(SWIFT) build

## make deps: every Debian package the build, the tests and the benchmarks need; deps-build:
## only what building and running the app need (no test tools: see scripts/install-deps.sh).
deps:
	@bash scripts/install-deps.sh test

deps-build:
	@bash scripts/install-deps.sh build

## make bench: every benchmark section (instruction counts included), built in release mode.
## `parallax-playground bench` checks the options and becomes the parallax-bench built beside
## it (the app itself links none of the measuring).
## The photo-library section runs the real window on 120 generated camera-sized JPEGs
## (made once into bench-out/, never committed), under Xvfb when there is no DISPLAY; its
## first looks without EXIF thumbnails on the same 120 pictures made with --no-thumbnails, and
## the big-file first look on 120 pictures of 4 to 24 megapixels without them.
BENCH_PHOTOS = bench-out/photos-120
BENCH_PHOTOS_NO_THUMBNAILS = bench-out/photos-120-no-thumbnails
BENCH_PHOTOS_BIG = bench-out/photos-big-120
bench: deps
	$(SWIFT) build -c release
	mkdir -p bench-out docs
	@[ -f $(BENCH_PHOTOS)/IMG_0120.jpg ] || /usr/bin/python3 Tools/make-photos.py $(BENCH_PHOTOS) --count 120
	@[ -f $(BENCH_PHOTOS_NO_THUMBNAILS)/IMG_0120.jpg ] || \
	    /usr/bin/python3 Tools/make-photos.py $(BENCH_PHOTOS_NO_THUMBNAILS) --count 120 --no-thumbnails
	@[ -f $(BENCH_PHOTOS_BIG)/IMG_0120.jpg ] || \
	    /usr/bin/python3 Tools/make-photos.py $(BENCH_PHOTOS_BIG) --count 120 --megapixels 4-24 --no-thumbnails
	bash scripts/with-display.sh .build/release/parallax-playground bench \
	    --only strategy-cost,allocations,frame-cost,window,recording-session,startup,instructions,photo-library --photos $(BENCH_PHOTOS) \
	    --photos-without-thumbnails $(BENCH_PHOTOS_NO_THUMBNAILS) --big-photos $(BENCH_PHOTOS_BIG) \
	    --json bench-out/bench.json --csv bench-out/bench.csv --chart docs/bench-chart.png

## make bench-budget: where each strategy's main thread breaks a frame budget (bench --only
## budget, release): the table on standard output, bench-out/budget.json, docs/budget-chart.png.
bench-budget: deps
	$(SWIFT) build -c release
	mkdir -p bench-out docs
	.build/release/parallax-playground bench --only budget --json bench-out/budget.json --chart docs/budget-chart.png

## make soak: ten minutes of the seeded monkey through the real frame loop (release build),
## failing on any broken invariant or on memory growth over 5 % after the warm-up.
soak: deps
	$(SWIFT) build -c release
	.build/release/parallax-playground monkey --seconds 600 --seed 20261122 --tour --max-memory-growth 5

## make fuzz: libFuzzer on the script parser and the command line's parsing, ten minutes by
## default (FUZZ_SECONDS=N for another length). Seeds: the built-in scripts, sample command
## lines and every kept finding in Tests/FuzzCorpus; new findings land in .build-fuzz/findings/
## (copy them into Tests/FuzzCorpus, named for what they found, to keep them as regressions).
## lld links it: gold stops with an internal error on the fuzzer runtime's debug information.
FUZZ_SECONDS ?= 600
fuzz: deps
	$(SWIFT) build --product parallax-fuzz
	$(SWIFT) build -c release --scratch-path .build-fuzz --product parallax-fuzz \
	    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
	rm -rf .build-fuzz/corpus && mkdir -p .build-fuzz/corpus .build-fuzz/findings
	.build/debug/parallax-fuzz --seeds .build-fuzz/corpus
	cp Tests/FuzzCorpus/[!R]* .build-fuzz/corpus/
	.build-fuzz/release/parallax-fuzz .build-fuzz/corpus -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=.build-fuzz/findings/

## make trace: the fling trace of the photos scene, to standard output.
trace: build
	$(BIN) trace --scene photos --script fling

## make resources: regenerate the bundled images (deterministic; see Resources/README.md).
resources:
	python3 Tools/make-resources.py

## make golden: re-render the golden frames the tests compare against (after a deliberate look change).
GOLDEN_SCENES := photos captions table quilt albums
golden: build
	for s in $(GOLDEN_SCENES); do $(BIN) shot --scene $$s --offset 300 --size 640x400 --out Tests/EndToEnd/Golden/$$s.png; done

## make shots: the README's screenshots, one per scene.
shots: build
	mkdir -p docs
	for s in $(GOLDEN_SCENES); do $(BIN) shot --scene $$s --offset 420 --size 960x600 --out docs/$$s.png; done
	$(BIN) shot --scene photos --script fling --at 0.8 --size 1280x800 --compare technique=begemann,leth,patel,kurutepe,jensen --out docs/compare-techniques.png

## make gif: the README's animated GIF, docs/fling.gif: the photos scene's fling, 480x300,
## its first 3 s at 25 fps (record picks the GIF's frame rate, palettes and dithering).
gif: build
	mkdir -p docs
	$(BIN) record --scene photos --script fling --size 480x300 --duration 3 --out docs/fling.gif

## make bench-record: frames recorded per second for each format at 1280x800 and 640x400,
## with the release build (the README's Recording section quotes one run).
bench-record: deps
	$(SWIFT) build -c release
	bash scripts/bench-record.sh

## make install: the release build, its images, menu entry, icons, AppStream metadata, man
## pages and shell completions under PREFIX (default /usr/local; PREFIX=~/.local needs no
## root), staged under DESTDIR when set. INSTALL_CONFIG=debug installs the debug build instead.
## It installs only the build set of Debian packages (deps-build), not the tests' tools, and
## only the app: `make install-bench` adds the benchmark beside it (parallax-bench,
## bare-first-frame and the malloc interposer's library), for `parallax-playground bench`.
## make uninstall removes both (same PREFIX and DESTDIR).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_CONFIG ?= release
install: deps-build
	$(SWIFT) build -c $(INSTALL_CONFIG) --product parallax-playground
	$(SWIFT) build -c $(INSTALL_CONFIG) --product generate-manual
	$(SWIFT) build -c $(INSTALL_CONFIG) --product man-page-source
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" bash scripts/install.sh install "$$($(SWIFT) build -c $(INSTALL_CONFIG) --show-bin-path)"

install-bench: install
	$(SWIFT) build -c $(INSTALL_CONFIG) --product parallax-bench
	$(SWIFT) build -c $(INSTALL_CONFIG) --product bare-first-frame
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" bash scripts/install.sh install-bench "$$($(SWIFT) build -c $(INSTALL_CONFIG) --show-bin-path)"

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" bash scripts/install.sh uninstall

## make install-check: the debug build (a release build here takes minutes; the installed
## layout is the same) staged in .build/install-check with PREFIX /usr, to look at by hand.
## The tests do not read it: InstallTests stage their own.
INSTALL_CHECK_STAGE = $(CURDIR)/.build/install-check
install-check:
	rm -rf $(INSTALL_CHECK_STAGE)
	$(MAKE) --no-print-directory install INSTALL_CONFIG=debug PREFIX=/usr DESTDIR=$(INSTALL_CHECK_STAGE)

## make icons: regenerate the application icon, SVG and PNGs (deterministic; desktop/icons).
icons:
	python3 Tools/make-icon.py

clean:
	rm -rf .build

## make export-shot: the README's screenshot of the exported photos page in headless Chromium,
## at the offset and size of `make shots` (docs/photos.png), beside which the README shows it.
export-shot: deps build
	rm -rf .build/export-shot && $(BIN) export --scene photos --size 960x600 --out .build/export-shot
	/usr/bin/python3 scripts/browser-probe.py $(CURDIR)/.build/export-shot/index.html --engines css \
	    --run=960x600=420 --screenshot docs/export-photos-chromium.png > /dev/null
