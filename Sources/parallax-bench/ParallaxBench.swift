import ArgumentParser
import BenchOptions
import Benchmarks
import FileOutput
import Foundation
import ParallaxKit
import PlaygroundCLI
import PlaygroundCommands
import SDLBackend

/// `parallax-bench`: what each parallax strategy costs as the list grows, the app's frame
/// against a bare SDL loop, and start-up. A program of its own, apart from the app: the
/// measuring, the malloc interposer that counts allocations and hdrhistogram are linked here
/// only. `parallax-playground bench ARGS` checks ARGS and becomes `parallax-bench ARGS`; the
/// window it starts is the `parallax-playground` beside this program.
struct ParallaxBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax-bench", abstract: BenchHelp.abstract, discussion: BenchHelp.discussion)

    @OptionGroup var options: BenchOptions

    func run() throws {
        // Everything the user could get wrong fails now, not after minutes of measuring.
        let resources = try locateResources(options.resources)
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: options.font) } catch { throw InputError(message: "\(error)") }
        for path in [options.json, options.csv, options.chart].compactMap({ $0 }) { try Self.prepareOutput(path) }
        if let photosWithoutThumbnails = options.photosWithoutThumbnails {
            // A folder with thumbnails here would measure previews under the name of none.
            do { try EmbeddedThumbnails.requireNone(inFolder: photosWithoutThumbnails, option: "--photos-without-thumbnails") } catch {
                throw InputError(message: "\(error)")
            }
        }
        if let bigPhotos = options.bigPhotos {
            // Small photos or EXIF thumbnails would make the big-file figures easier than their name.
            do { try BigFileFirstLook.requireBigJPEGs(inFolder: bigPhotos) } catch { throw InputError(message: "\(error)") }
        }
        try Benchmark.run(
            plan: options.plan, resources: resources, fonts: fonts,
            outputs: BenchOutputs(json: options.json, csv: options.csv, chart: options.chart),
            command: CommandLine.arguments.joined(separator: " "), photos: options.photos,
            photosWithoutThumbnails: options.photosWithoutThumbnails, bigPhotos: options.bigPhotos)
    }

    /// Checks, by `OutputFile`'s rules, that the path can take output: a folder, a socket, a
    /// read-only file or a missing folder is an input error before any measuring.
    static func prepareOutput(_ path: String) throws {
        _ = try OutputDestination.resolve(path)
    }
}

extension BenchOptions {
    /// The options resolved into what one run measures (the defaults filled in).
    var plan: BenchPlan {
        BenchPlan(
            sections: Set(only ?? BenchSection.defaults),
            scenes: scenes ?? SceneID.allCases, strategies: strategies ?? ParallaxStrategy.allCases,
            items: items ?? (quick ? Self.quickItems : Self.fullItems), repeats: repeats ?? (quick ? 1 : 5),
            frameRepeats: quick ? 1 : 5, frameLimit: quick ? 20 : nil, launches: launches ?? (quick ? 1 : 5),
            instructionItems: items ?? BenchPlan.instructionItems, quick: quick)
    }
}
