import Foundation
import ParallaxKit
import SpawnIsolation
import Testing

/// `--format compose | android-view`: `TunedParallax.kt` compiled with Debian's `kotlinc` and
/// run on the JDK against `trace`, every scene at once (kotlinc takes seconds to start, so one
/// compiler run serves all five). The glue needs the Android SDK and is not compiled: the golden
/// files (`ExportGoldenTests`) pin it.
@Suite(.onThreadsOfTheirOwn, .needsKotlin) struct ExportKotlinTests {
    /// Reads each scene's trace CSV (TraceWriter.header) and checks every row's parallax against
    /// that scene's `TunedParallax`: prints "scene rows worst" a line. `SCENES` is replaced by one
    /// call per scene.
    static let harness = """
        import java.io.File

        fun check(scene: String, csv: String, vertical: Boolean, displacement: (DoubleArray) -> Double) {
            var rows = 0
            var worst = 0.0
            for (line in File(csv).readLines().drop(1)) {
                if (line.isBlank()) continue
                val fields = line.split(",")
                // Every numeric column; the phase (column 4) is a word and is left at 0.
                val n = DoubleArray(fields.size) { i -> if (i == 4) 0.0 else fields[i].toDouble() }
                val traced = if (vertical) n[11] else n[10]
                worst = maxOf(worst, Math.abs(displacement(n) - traced))
                rows += 1
            }
            println("$scene $rows $worst")
        }

        fun main(args: Array<String>) {
            val width = 1280.0
            val height = 800.0
        SCENES
        }

        """

    /// One scene's check; `reduced` checks the reduced trace (the second of each scene's two)
    /// against the amount the viewer's setting gives.
    static func call(scene: SceneID, index: Int, reduced: Bool) -> String {
        let object = "scene_\(scene.name).TunedParallax"
        return "    check(\"\(scene.name)\(reduced ? "-reduced" : "")\", args[\(index)], \(object).IS_VERTICAL) { n ->\n"
            + "        \(object).displacement(cellMinX = n[6], cellMinY = n[7], cellWidth = n[8], cellHeight = n[9],\n"
            + "            boundsMinX = n[2], boundsMinY = n[3], boundsWidth = width, boundsHeight = height,\n"
            + "            amount = \(object).amount(reduceMotion = \(reduced)))\n"
            + "    }"
    }

    @Test func everySceneMappingMatchesTheTraceOnTheJDK() throws {
        let dir = try temporaryFolder()
        var sources: [String] = []
        var traces: [String] = []
        let preset = dir.appendingPathComponent("reduced.json")
        try Data(#"{"reduce-motion": true, "reduced-amount": 0.2}"#.utf8).write(to: preset)
        for scene in SceneID.allCases {
            let out = dir.appendingPathComponent("compose-\(scene.name)")
            // The scene's own amount, as the trace uses; a fifth of it under reduce motion.
            let export = try run(["export", "--scene", scene.name, "--format", "compose", "--reduced-amount", "0.2", "--out", out.path])
            try #require(export.status == 0, "\(export.stderr)")
            let kotlin = try String(contentsOf: out.appendingPathComponent("TunedParallax.kt"), encoding: .utf8)
            // Five files declare the same object: each goes into a package of its own.
            let line = "package com.example.parallax\n"
            try #require(kotlin.contains(line))
            let source = dir.appendingPathComponent("TunedParallax_\(scene.name).kt")
            try kotlin.replacingOccurrences(of: line, with: "package scene_\(scene.name)\n").write(to: source, atomically: true, encoding: .utf8)
            sources.append(source.path)
            let trace = dir.appendingPathComponent("\(scene.name).csv").path
            let traced = try run(["trace", "--scene", scene.name, "--script", "fling", "--out", trace])
            try #require(traced.status == 0, "\(traced.stderr)")
            traces.append(trace)
            let reducedTrace = dir.appendingPathComponent("\(scene.name)-reduced.csv").path
            let reduced = try run(["trace", "--scene", scene.name, "--script", "fling", "--preset", preset.path, "--out", reducedTrace])
            try #require(reduced.status == 0, "\(reduced.stderr)")
            traces.append(reducedTrace)
        }
        let calls = SceneID.allCases.enumerated().flatMap { i, scene in
            [Self.call(scene: scene, index: 2 * i, reduced: false), Self.call(scene: scene, index: 2 * i + 1, reduced: true)]
        }.joined(separator: "\n")
        let main = dir.appendingPathComponent("Main.kt")
        try Self.harness.replacingOccurrences(of: "SCENES", with: calls).write(to: main, atomically: true, encoding: .utf8)
        let classes = dir.appendingPathComponent("classes").path
        let built = try tool("kotlinc", sources + [main.path, "-d", classes])
        try #require(built.status == 0, "kotlinc: \(built.output)")
        let checked = try tool("kotlin", ["-cp", classes, "MainKt"] + traces)
        try #require(checked.status == 0, "\(checked.output)")
        // One line per scene: "scene rows worst".
        let lines = checked.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 3 }
        #expect(lines.map { $0[0] } == SceneID.allCases.flatMap { [$0.name, $0.name + "-reduced"] }, "\(checked.output)")
        for line in lines {
            let rows = try #require(Int(line[1])), worst = try #require(Double(line[2]))
            #expect(rows > 0, "\(line[0]): no rows checked")
            // The Swift export's tolerance (ExportSwiftSourceTests).
            #expect(worst <= 1e-9, "\(line[0]): TunedParallax.kt is \(worst) pt from trace")
        }
    }

    /// The tuned amount is the one written, in both Kotlin formats.
    @Test(arguments: ["compose", "android-view"])
    func aTunedAmountIsTheOneWritten(format: String) throws {
        let out = try temporaryFolder().appendingPathComponent(format)
        let export = try run(["export", "--scene", "captions", "--format", format, "--parallax", "23", "--out", out.path])
        try #require(export.status == 0, "\(export.stderr)")
        let source = try String(contentsOf: out.appendingPathComponent("TunedParallax.kt"), encoding: .utf8)
        #expect(source.contains("const val AMOUNT = 23.0"))
        #expect(source.contains("const val CONTENT_INSET_TOP = \(MappingNumber.text(Scene.make(.captions).contentInsets.top))"))
    }

    /// Runs a program found on PATH (through `Isolated`): its status and its output and errors.
    func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// How the exports write a number (a whole one with ".0").
enum MappingNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) + ".0" : "\(value)"
    }
}
