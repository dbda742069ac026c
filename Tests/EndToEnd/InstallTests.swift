import Foundation
import Presentation
import SpawnIsolation
import Testing

/// The repository's root, from this file's place in it (Tests/EndToEnd/).
let checkoutRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `make install`'s layout, checked on an install the tests stage (`InstallStage`).
@Suite(.onThreadsOfTheirOwn) struct InstallTests {
    /// The installed binary finds its images beside itself (PREFIX/share/parallax-playground)
    /// with no clone in sight: the whole stage is copied into a temporary folder and run from
    /// `/`; its shot equals the build's shot with `--resources Resources`.
    @Test(.needsInstallStage) func theInstalledBinaryRunsFromRootWithItsBundledImages() throws {
        let prefix = try installedPrefix()
        let elsewhere = try temporaryFolder("prefix")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        // cp -a keeps bin/'s symbolic link into lib/.
        let copy = try runTool("/bin/cp", ["-a", prefix.path, elsewhere.path])
        try #require(copy.status == 0, "\(copy.output)")
        let installed = elsewhere.appendingPathComponent("usr/bin/parallax-playground").path
        let out = elsewhere.appendingPathComponent("installed.png").path
        let result = try runTool(installed, ["shot", "--scene", "albums", "--size", "320x200", "--offset", "200", "--out", out],
                                 environment: ["HOME": elsewhere.path, "XDG_DATA_DIRS": "/nonexistent", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.output)")
        let reference = elsewhere.appendingPathComponent("reference.png").path
        let built = try run(["shot", "--scene", "albums", "--size", "320x200", "--offset", "200", "--resources",
                             checkoutRoot.appendingPathComponent("Resources").path, "--out", reference])
        #expect(built.status == 0, "\(built.stderr)")
        let installedPixels = try #require(FileManager.default.contents(atPath: out))
        let referencePixels = try #require(FileManager.default.contents(atPath: reference))
        #expect(installedPixels == referencePixels, "the installed binary drew other images than Resources/")
    }

    /// `make install` puts the app alone in lib/parallax-playground; `make install-bench` adds
    /// the bench, the bench's floor and its one library, by name: the app loads no malloc
    /// interposer, and every library each program needs is found (the bench's interposer
    /// beside it, through its RUNPATH's $ORIGIN).
    @Test(.needsInstallStage) func theInstalledAppLoadsNoBenchmarkAndTheBenchFindsWhatItNeeds() throws {
        let library = try installedPrefix().appendingPathComponent("lib/parallax-playground")
        #expect(InstallStage.appOnlyLibrary == ["parallax-playground"], "make install installed \(InstallStage.appOnlyLibrary)")
        let files = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted()
        #expect(files == ["bare-first-frame", "libMallocInterposerSwift.so", "parallax-bench", "parallax-playground"], "\(files)")
        for program in ["parallax-playground", "parallax-bench", "bare-first-frame"] {
            let listed = try runTool("/usr/bin/ldd", [library.appendingPathComponent(program).path])
            #expect(listed.status == 0, "\(program): \(listed.output)")
            #expect(!listed.output.contains("not found"), "\(program): \(listed.output)")
            let interposer = listed.output.split(separator: "\n").first { $0.contains("libMallocInterposerSwift") }
            if program == "parallax-bench" {
                #expect(interposer?.contains(library.appendingPathComponent("libMallocInterposerSwift.so").path) == true, "\(listed.output)")
            } else {
                #expect(interposer == nil, "\(program) loads the malloc interposer: \(listed.output)")
            }
        }
    }

    /// The installed `parallax-playground bench`, copied elsewhere and run from `/`, hands over to
    /// the installed parallax-bench, which finds the bundled images and starts the installed app
    /// for its start-up section.
    @Test(.needsInstallStage) func theInstalledBenchRunsBesideTheApp() throws {
        let prefix = try installedPrefix()
        let elsewhere = try temporaryFolder("bench-prefix")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let copy = try runTool("/bin/cp", ["-a", prefix.path, elsewhere.path])
        try #require(copy.status == 0, "\(copy.output)")
        let json = elsewhere.appendingPathComponent("bench.json").path
        let result = try runTool(elsewhere.appendingPathComponent("usr/bin/parallax-playground").path,
                                 ["bench", "--only", "strategy-cost,startup", "--scenes", "table", "--strategies", "cached-layout",
                                  "--items", "50", "--repeats", "1", "--launches", "1", "--json", json],
                                 environment: ["HOME": elsewhere.path, "XDG_DATA_DIRS": "/nonexistent", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.output)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let cells = (root["strategy_cost"] as? [String: Any])?["cells"] as? [[String: Any]]
        #expect(cells?.count == 1, "\(root)")
        let firstFrame = (root["startup"] as? [String: Any])?["first_frame_ms"] as? Double
        #expect(firstFrame.map { $0 > 0 } == true, "\(String(describing: root["startup"]))")
    }

    /// A binary away from any share folder finds the images through `$XDG_DATA_DIRS`, and
    /// without them says where it looked (status 2).
    @Test(.needsInstallStage) func aBinaryElsewhereFindsTheImagesThroughXDGDataDirs() throws {
        let prefix = try installedPrefix()
        let elsewhere = try temporaryFolder("xdg")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let binary = elsewhere.appendingPathComponent("parallax-playground").path
        let library = prefix.appendingPathComponent("lib/parallax-playground")
        for file in try FileManager.default.contentsOfDirectory(atPath: library.path) {
            try FileManager.default.copyItem(atPath: library.appendingPathComponent(file).path, toPath: elsewhere.appendingPathComponent(file).path)
        }
        let out = elsewhere.appendingPathComponent("shot.png").path
        let arguments = ["shot", "--size", "160x100", "--out", out]
        let found = try runTool(binary, arguments, environment: ["HOME": elsewhere.path, "XDG_DATA_DIRS": "/nonexistent:" + prefix.appendingPathComponent("share").path])
        #expect(found.status == 0, "\(found.output)")
        #expect(FileManager.default.fileExists(atPath: out))
        let missing = try runTool(binary, arguments, environment: ["HOME": elsewhere.path, "XDG_DATA_DIRS": "/nonexistent"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("cannot find the bundled images"), "\(missing.output)")
    }

    @Test(.needsInstallStage) func theDesktopEntryAndTheAppStreamMetadataValidate() throws {
        let share = try installedPrefix().appendingPathComponent("share")
        let desktop = share.appendingPathComponent("applications/org.parallaxplayground.Playground.desktop").path
        let validated = try runTool(try debianTool("desktop-file-validate", package: "desktop-file-utils"), [desktop])
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)")
        let entry = try String(contentsOfFile: desktop, encoding: .utf8)
        // By its installed path (PREFIX /usr here); %f: a file manager's Open With hands over one folder or file.
        #expect(entry.contains("\nExec=/usr/bin/parallax-playground %f\n"), "\(entry)")
        #expect(entry.contains("\nTryExec=/usr/bin/parallax-playground\n"), "\(entry)")
        let metainfo = share.appendingPathComponent("metainfo/org.parallaxplayground.Playground.metainfo.xml").path
        let appstream = try runTool(try debianTool("appstreamcli", package: "appstream"), ["validate", "--no-net", metainfo])
        #expect(appstream.status == 0, "\(appstream.output)")
        #expect(try String(contentsOfFile: metainfo, encoding: .utf8).contains("<screenshot type=\"default\">"))
        for icon in ["scalable/apps/parallax-playground.svg", "48x48/apps/parallax-playground.png", "256x256/apps/parallax-playground.png"] {
            #expect(FileManager.default.fileExists(atPath: share.appendingPathComponent("icons/hicolor/" + icon).path), "\(icon)")
        }
    }

    /// One page per subcommand, each rendered by man-db without a warning, in a UTF-8 locale
    /// and in the C locale (ASCII: a character groff cannot draw there is a warning).
    @Test(.needsInstallStage) func everyManPageRenders() throws {
        let folder = try installedPrefix().appendingPathComponent("share/man/man1")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".1") }.sorted()
        for command in ["window", "shot", "record", "trace", "bench", "monkey"] {
            #expect(pages.contains("parallax-playground.\(command).1"), "\(pages)")
        }
        #expect(pages.contains("parallax-playground.1"))
        for page in pages {
            for locale in ["C.UTF-8", "C"] {
                let rendered = try renderedManPage(folder.appendingPathComponent(page), width: 80, locale: locale)
                #expect(rendered.status == 0, "\(page) (\(locale)): \(rendered.output)")
                #expect(rendered.output.contains("NAME") && rendered.output.contains("SYNOPSIS"), "\(page): \(rendered.output.prefix(300))")
                #expect(!rendered.output.contains("warning"), "\(page) (\(locale)): \(rendered.output)")
            }
        }
    }

    /// `man parallax-playground` describes what the command does without a subcommand, the
    /// window: its options, and KEYS with every line of the H help panel (`KeyHelp.lines`).
    /// The window's page has the keys too, and its synopsis keeps --compare's "…".
    @Test(.needsInstallStage) func theRootManPageHasTheWindowsOptionsAndKeys() throws {
        let folder = try installedPrefix().appendingPathComponent("share/man/man1")
        // Wide enough that no line wraps or hyphenates.
        let root = try renderedManPage(folder.appendingPathComponent("parallax-playground.1"), width: 250, locale: "C.UTF-8").output
        for option in ["--scene scene", "--size size", "--no-vsync", "--record-size WxH", "--exit-after"] {
            #expect(root.contains(option), "no \(option) in the root page: \(root)")
        }
        let window = try renderedManPage(folder.appendingPathComponent("parallax-playground.window.1"), width: 250, locale: "C.UTF-8").output
        for (name, page) in [("root", root), ("window", window)] {
            let keys = try #require(section("KEYS", of: page), "no KEYS section in the \(name) page: \(page)")
            for (key, action) in KeyHelp.lines {
                #expect(keys.contains(collapsed(key)) && keys.contains(collapsed(action)), "\(name) page's KEYS lacks \(key): \(action)\n\(keys)")
            }
        }
        let synopsis = try #require(section("SYNOPSIS", of: window), "\(window)")
        #expect(synopsis.contains("[--compare axis=a,b,…]"), "\(synopsis)")
    }

    /// The bash completion parses, and completing `tr` after the command offers `trace`;
    /// zsh's and fish's are where those shells look.
    @Test(.needsInstallStage) func theBashCompletionCompletesASubcommand() throws {
        let share = try installedPrefix().appendingPathComponent("share")
        let bashCompletion = share.appendingPathComponent("bash-completion/completions/parallax-playground").path
        let syntax = try runTool("/bin/bash", ["-n", bashCompletion])
        #expect(syntax.status == 0, "\(syntax.output)")
        #expect(try bashCompletions(of: "parallax-playground tr") == ["trace"])
        for file in ["zsh/site-functions/_parallax-playground", "fish/vendor_completions.d/parallax-playground.fish"] {
            let text = try String(contentsOfFile: share.appendingPathComponent(file).path, encoding: .utf8)
            #expect(text.contains("record") && text.contains("scene"), "\(file)")
        }
    }

    /// Without a subcommand the program is the window, as the README runs it: bash completes
    /// the window's options and their values there, and the first word still offers the
    /// subcommands, and a path (the window's folder or photo).
    @Test(.needsInstallStage) func theBashCompletionCompletesTheWindowWithoutItsName() throws {
        #expect(try bashCompletions(of: "parallax-playground --sc") == ["--scene", "--script"])
        #expect(try bashCompletions(of: "parallax-playground --scene ") == ["photos", "captions", "table", "quilt", "albums"])
        #expect(try bashCompletions(of: "parallax-playground --no-vsync --strategy c") == ["cached-layout"])
        #expect(try bashCompletions(of: "parallax-playground sh") == ["shot"])
        #expect(try bashCompletions(of: "parallax-playground /et") == ["/etc"])
        // After a subcommand, that subcommand's options only (shot has no --no-vsync).
        #expect(try bashCompletions(of: "parallax-playground shot --no-v") == [])
        #expect(try bashCompletions(of: "parallax-playground window --no-v") == ["--no-vsync"])
    }

    /// `make install PREFIX=~/.local` installs only the Debian packages building and
    /// running need (scripts/install-deps.sh's build set), none of the tests' tools; `make
    /// test`'s set has both. Read from `make -n install` (its recipes, printed, not run) and
    /// the script's `--list`, so a Makefile or a set that changes is what is checked.
    @Test func makeInstallAsksOnlyForWhatBuildingAndRunningNeed() throws {
        let home = try temporaryFolder("deps")
        defer { try? FileManager.default.removeItem(at: home) }
        // A clean environment: `make test` exports MAKEFLAGS, which must not reach this make.
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8"]
        let script = checkoutRoot.appendingPathComponent("scripts/install-deps.sh").path
        func listed(_ arguments: [String]) throws -> Set<String> {
            let list = try runTool("/bin/bash", [script, "--list"] + arguments, environment: environment)
            try #require(list.status == 0, "install-deps.sh --list \(arguments): \(list.output)")
            return Set(list.output.split(separator: "\n").map(String.init))
        }
        let dryRun = try runTool("/usr/bin/make", ["-n", "install", "PREFIX=/tmp/pp-prefix"], in: checkoutRoot.path, environment: environment)
        try #require(dryRun.status == 0, "\(dryRun.output)")
        // Each recipe line that runs the script, by the words after its name.
        let depsCalls = dryRun.output.split(separator: "\n").compactMap { line -> [String]? in
            guard let name = line.range(of: "scripts/install-deps.sh") else { return nil }
            return line[name.upperBound...].split(separator: " ").map(String.init)
        }
        try #require(!depsCalls.isEmpty, "make install installs no packages:\n\(dryRun.output)")
        var installed: Set<String> = []
        for arguments in depsCalls { installed.formUnion(try listed(arguments)) }
        let testOnly: Set = ["chromium", "chromium-driver", "python3-selenium", "valgrind", "xvfb", "xdotool", "x11-utils", "imagemagick",
                             "python3-numpy", "python3-pil", "libimage-exiftool-perl", "icc-profiles-free", "desktop-file-utils",
                             "appstream", "man-db", "libvips-dev", "pkg-config", "kotlin"]
        #expect(installed.intersection(testOnly).isEmpty, "make install installs test tools: \(installed.intersection(testOnly).sorted())")
        // What the build and the window cannot do without.
        let needed: Set = ["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libimgui-dev", "libstb-dev", "fonts-dejavu-core", "libvips42", "ffmpeg"]
        #expect(needed.isSubset(of: installed), "make install lacks \(needed.subtracting(installed).sorted())")
        // make test's set: all of it.
        let everything = try listed(["test"])
        #expect(installed.union(testOnly).isSubset(of: everything), "the test set lacks \(installed.union(testOnly).subtracting(everything).sorted())")
    }

    /// The committed icons are what Tools/make-icon.py makes.
    @Test func theCommittedIconsAreTheGeneratorsOutput() throws {
        let check = try runTool("/usr/bin/python3", [checkoutRoot.appendingPathComponent("Tools/make-icon.py").path, "--check"])
        #expect(check.status == 0, "\(check.output)")
    }

    /// `scripts/install.sh uninstall` (make uninstall) removes every file install put there,
    /// leaving only empty folders: run on a copy of the staged install (the other tests read
    /// the stage itself).
    @Test(.needsInstallStage) func uninstallRemovesEveryInstalledFile() throws {
        let stage = try temporaryFolder("uninstall")
        defer { try? FileManager.default.removeItem(at: stage) }
        // cp -a keeps bin/'s symbolic link into lib/.
        let copy = try runTool("/bin/cp", ["-a", try installedPrefix().path, stage.path])
        try #require(copy.status == 0, "\(copy.output)")
        let script = checkoutRoot.appendingPathComponent("scripts/install.sh").path
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = stage.path
        environment["PREFIX"] = "/usr"
        func files() -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: stage.path)
            var found: [String] = []
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: stage.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(path)
                } else if (try? FileManager.default.destinationOfSymbolicLink(atPath: stage.appendingPathComponent(path).path)) != nil {
                    found.append(path)
                }
            }
            return found
        }
        #expect(files().count > 30, "\(files())")
        let removed = try runTool("/bin/bash", [script, "uninstall"], environment: environment)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(files().isEmpty, "\(files())")
    }
}
