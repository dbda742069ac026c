import Export
import FileOutput
import ParallaxKit

/// `export --format compose | android-view | flutter`: the Kotlin and Dart exports, written
/// file by file into the output folder.
package struct NativeSourceFormat {
    package var format: ExportCommand.Format

    package init(_ format: ExportCommand.Format) { self.format = format }

    package func write(_ playground: Playground, into folder: OutputFolder) throws {
        let files: [(name: String, text: String)]
        switch format {
        case .compose, .androidView:
            files = KotlinExport(scene: playground.scene, amount: playground.parallaxAmount, strategy: playground.strategy,
                                 physics: playground.physics, reducedAmountFraction: playground.reducedAmountFraction).files(format: format == .compose ? .compose : .androidView)
        case .flutter:
            files = FlutterExport(scene: playground.scene, amount: playground.parallaxAmount, strategy: playground.strategy,
                                  physics: playground.physics, reducedAmountFraction: playground.reducedAmountFraction).files()
        case .web, .react, .uikit, .swiftui:
            preconditionFailure("\(format.rawValue) is not written by NativeSourceFormat")
        }
        for file in files { try folder.write(file.text, to: file.name) }
    }

    /// What `export --help` says of these formats: what is written, and what is verified.
    package static let help = """
        --format compose and android-view write TunedParallax.kt (compiled with kotlinc and checked against \
        trace by the tests), the glue in the chosen strategy's shape and TunedFling.kt: the glue needs the \
        Android SDK and is never compiled here. --format flutter writes tuned_parallax.dart, a Flow-based \
        parallax widget and a ScrollPhysics: no Dart SDK here, so none of it is compiled and its numbers are \
        not checked. Every format writes a README.md saying how to use it and what was verified.
        """
}

/// What `export --help` says of the Swift formats.
package enum SwiftSourceHelp {
    package static let text = """
        --format uikit and swiftui write TunedParallax.swift (compiled with swiftc and checked against trace \
        by the tests) and the glue in the chosen strategy's shape (SwiftUI has one shape for all): UIKit and \
        SwiftUI do not exist on Linux, so the glue is checked with swiftc -parse only. --strategy off writes \
        no source (a web page only).
        """
}
