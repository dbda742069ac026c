import Foundation
import SpawnIsolation
import Testing

/// The repository's root, from this file's place in it (Tests/EndToEnd/).
private let checkoutRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What `make test` installed before the tests ran (`make install-check`: the debug build,
/// PREFIX /usr, DESTDIR .build/install-check): the `usr` folder of that stage.
private func installedPrefix(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let prefix = checkoutRoot.appendingPathComponent(".build/install-check/usr")
    try #require(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/parallax-playground").path),
                 "no staged install at \(prefix.path): run `make install-check` (make test does) first",
                 sourceLocation: sourceLocation)
    return prefix
}

private struct ToolResult {
    var status: Int32
    var output: String
}

/// Runs `executable` with `arguments` in `directory`, standard output and error together.
private func runTool(_ executable: String, _ arguments: [String], in directory: String = "/",
                     environment: [String: String]? = nil) throws -> ToolResult {
    let process = Isolated.process(URL(fileURLWithPath: executable), arguments, environment: environment,
                                   currentDirectory: URL(fileURLWithPath: directory))
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    Isolated.removeFolder(of: process)
    return ToolResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// A Debian tool `make test` installs; its absence fails with the package to install.
private func debianTool(_ name: String, package: String) throws -> String {
    let path = "/usr/bin/\(name)"
    try #require(FileManager.default.isExecutableFile(atPath: path), "\(name) is missing: install Debian's \(package) (make test does)")
    return path
}

private func temporaryFolder(_ label: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// Issue 22: `make install`'s layout, checked on the staged install `make test` makes.
@Suite struct InstallTests {
    /// The installed binary finds its images beside itself (PREFIX/share/parallax-playground)
    /// with no clone in sight: the whole stage is copied into a temporary folder and run from
    /// `/`; its shot equals the build's shot with `--resources Resources`.
    @Test func theInstalledBinaryRunsFromRootWithItsBundledImages() throws {
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

    /// A binary away from any share folder finds the images through `$XDG_DATA_DIRS`, and
    /// without them says where it looked (status 2).
    @Test func aBinaryElsewhereFindsTheImagesThroughXDGDataDirs() throws {
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

    @Test func theDesktopEntryAndTheAppStreamMetadataValidate() throws {
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

    /// One page per subcommand, each rendered by man-db without a warning.
    @Test func everyManPageRenders() throws {
        let folder = try installedPrefix().appendingPathComponent("share/man/man1")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".1") }.sorted()
        for command in ["window", "shot", "record", "trace", "bench", "monkey"] {
            #expect(pages.contains("parallax-playground.\(command).1"), "\(pages)")
        }
        #expect(pages.contains("parallax-playground.1"))
        let man = try debianTool("man", package: "man-db")
        for page in pages {
            let rendered = try runTool(man, ["--warnings", "-l", folder.appendingPathComponent(page).path],
                                       environment: ["MANPAGER": "cat", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            #expect(rendered.status == 0, "\(page): \(rendered.output)")
            #expect(rendered.output.contains("NAME") && rendered.output.contains("SYNOPSIS"), "\(page): \(rendered.output.prefix(300))")
            #expect(!rendered.output.contains("warning"), "\(page): \(rendered.output)")
        }
    }

    /// The bash completion parses, and completing `tr` after the command offers `trace`;
    /// zsh's and fish's are where those shells look.
    @Test func theBashCompletionCompletesASubcommand() throws {
        let share = try installedPrefix().appendingPathComponent("share")
        let bashCompletion = share.appendingPathComponent("bash-completion/completions/parallax-playground").path
        let syntax = try runTool("/bin/bash", ["-n", bashCompletion])
        #expect(syntax.status == 0, "\(syntax.output)")
        // What bash-completion does on Tab: the words so far, then the function `complete -F` names.
        let session = """
            shopt -s extglob
            source '\(bashCompletion)'
            function=$(complete -p parallax-playground | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            COMP_LINE='parallax-playground tr'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(parallax-playground tr); COMP_CWORD=1
            "$function" parallax-playground tr parallax-playground
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let completed = try runTool("/bin/bash", ["-c", session])
        #expect(completed.status == 0)
        #expect(completed.output.split(separator: "\n").map(String.init) == ["trace"], "\(completed.output)")
        for file in ["zsh/site-functions/_parallax-playground", "fish/vendor_completions.d/parallax-playground.fish"] {
            let text = try String(contentsOfFile: share.appendingPathComponent(file).path, encoding: .utf8)
            #expect(text.contains("record") && text.contains("scene"), "\(file)")
        }
    }

    /// The committed icons are what Tools/make-icon.py makes.
    @Test func theCommittedIconsAreTheGeneratorsOutput() throws {
        let check = try runTool("/usr/bin/python3", [checkoutRoot.appendingPathComponent("Tools/make-icon.py").path, "--check"])
        #expect(check.status == 0, "\(check.output)")
    }

    /// `scripts/install.sh uninstall` (make uninstall) removes every file install put there,
    /// leaving only empty folders.
    @Test func uninstallRemovesEveryInstalledFile() throws {
        let stage = try temporaryFolder("uninstall")
        defer { try? FileManager.default.removeItem(at: stage) }
        let buildFolder = try playgroundBinary().deletingLastPathComponent().path
        let script = checkoutRoot.appendingPathComponent("scripts/install.sh").path
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = stage.path
        environment["PREFIX"] = "/opt/pp"
        let installed = try runTool("/bin/bash", [script, "install", buildFolder], environment: environment)
        try #require(installed.status == 0, "\(installed.output)")
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
