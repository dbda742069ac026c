import ArgumentParser
import ParallaxKit
import Presentation

/// `--compare AXIS=A,B[,C,D,E]`: the window, `shot` and `record` show two to five panes side
/// by side, the same input driving all of them.
package struct CompareOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp(
        "Two to five panes side by side, one input driving all: strategy=A,B… (\(ParallaxStrategy.validNames)), technique=A,B… (\(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", ")): each author's mapping on the photos list), parallax=A,B… (points), scene=A,B… or motion=full,reduced (reduce motion off, and on at --reduced-amount).",
        valueName: "axis=a,b,…"),
            transform: { argument in
                do throws(ComparisonError) { return try Comparison(parsing: argument) } catch { throw ValidationError(error.description) }
            })
    package var compare: Comparison?

    /// Refuses a comparison whose axis another option already fixes.
    package func check(strategy: ParallaxStrategy?, parallax: Double?, scene: SceneID?, technique: ParallaxMapping? = nil) throws {
        guard let compare else { return }
        switch compare.axis {
        case .technique where technique != nil:
            throw ValidationError("--compare technique=… and --technique both set the mapping; give one")
        case .strategy where strategy != nil:
            throw ValidationError("--compare strategy=… and --strategy both set the strategy; give one")
        case .parallax where parallax != nil:
            throw ValidationError("--compare parallax=… and --parallax both set the amount; give one")
        case .scene where scene != nil, .technique where scene != nil && scene != .photos:
            throw ValidationError("--compare \(compare.axis.rawValue)=… sets each pane's scene; drop --scene")
        default: break
        }
    }
}
