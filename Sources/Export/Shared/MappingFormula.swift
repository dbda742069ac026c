import ParallaxKit

/// The body of `TunedParallax.displacement(...)` in each language the export writes (Swift,
/// Kotlin, Dart): one formula per author's mapping, spelled in each language's syntax, so the
/// three files compute the same numbers in the same order of operations (every literal is a
/// double, so no language converts an integer on the way).
struct MappingFormula {
    enum Language { case swift, kotlin, dart }

    var mapping: ParallaxMapping
    var language: Language
    /// How deep the body is indented (the function's own indentation plus one level).
    var indent: String

    /// The author and article whose mapping this is, for the comment above the body.
    static func author(of mapping: ParallaxMapping) -> String {
        switch mapping {
        case .begemann: "Ole Begemann's layout attributes"
        case .leth: "Roland Leth's image container under bars"
        case .patel: "Krishan Patel's table rows"
        case .kurutepe: "Engin Kurutepe's scroll callback"
        case .jensen: "Nick Jensen's cover stacks"
        }
    }

    /// The names of the content-inset constants: Kotlin's constants are upper case.
    private var insetTop: String { language == .kotlin ? "CONTENT_INSET_TOP" : "contentInsetTop" }
    private var insetBottom: String { language == .kotlin ? "CONTENT_INSET_BOTTOM" : "contentInsetBottom" }

    private func declare(_ name: String, _ value: String) -> String {
        switch language {
        case .swift: "let \(name) = \(value)"
        case .kotlin: "val \(name) = \(value)"
        case .dart: "final \(name) = \(value);"
        }
    }

    /// Returns 0 unless `condition` holds (`negated` is the same test turned round, for the
    /// languages without `guard`).
    private func zeroUnless(_ condition: String, negated: String) -> String {
        switch language {
        case .swift: "guard \(condition) else { return 0 }"
        case .kotlin: "if (\(negated)) return 0.0"
        case .dart: "if (\(negated)) return 0.0;"
        }
    }

    private func zeroUnlessFinite(_ name: String) -> String {
        switch language {
        case .swift: "guard \(name).isFinite else { return 0 }"
        case .kotlin: "if (!\(name).isFinite()) return 0.0"
        case .dart: "if (!\(name).isFinite) return 0.0;"
        }
    }

    private func returning(_ value: String) -> String {
        language == .dart ? "return \(value);" : "return \(value)"
    }

    private func min(_ a: String, _ b: String) -> String { language == .dart ? "math.min(\(a), \(b))" : "min(\(a), \(b))" }
    private func max(_ a: String, _ b: String) -> String { language == .dart ? "math.max(\(a), \(b))" : "max(\(a), \(b))" }

    private func comment(_ text: String) -> String { "// " + text }

    static func number(_ value: Double) -> String { value.written(pointOnWholeNumbers: true) }

    /// The body's lines.
    var lines: [String] {
        switch mapping {
        case .begemann, .kurutepe:
            let sign = mapping == .kurutepe ? "-" : ""
            return [
                comment(mapping == .kurutepe
                        ? "\(Self.author(of: mapping)), Begemann's rule with the opposite sign: the"
                        : "\(Self.author(of: mapping)): the"),
                comment("shift grows with the distance between the cell's centre and the visible bounds'"),
                comment("centre, reaching `amount` as the cell leaves."),
                declare("reach", "boundsHeight / 2.0 + cellHeight / 2.0"),
                zeroUnless("reach > 0.0", negated: "reach <= 0.0"),
                declare("raw", "((boundsMinY + boundsHeight / 2.0) - (cellMinY + cellHeight / 2.0)) * amount / reach"),
                zeroUnlessFinite("raw"),
                returning(sign + min(max("raw", "-amount"), "amount")),
            ]
        case .leth(let labelHeight):
            return [
                comment("\(Self.author(of: mapping)): only the image container (above \(Self.number(labelHeight)) pt"),
                comment("of labels) moves; the ratio runs 1 → 0 as the container crosses the space between the bars."),
                declare("labelHeight", Self.number(labelHeight)),
                declare("containerMaxY", "cellMinY + cellHeight - boundsMinY - labelHeight"),
                declare("span", "boundsHeight + (cellHeight - labelHeight) - \(insetTop) - \(insetBottom)"),
                zeroUnless("span > 0.0", negated: "span <= 0.0"),
                declare("ratio", "(containerMaxY - \(insetTop)) / span"),
                zeroUnlessFinite("ratio"),
                comment("The image is 2·amount taller than its container; its top is −2·amount·ratio."),
                returning("amount - 2.0 * amount * " + min("1.0", max("0.0", "ratio"))),
            ]
        case .patel:
            return [
                comment("\(Self.author(of: mapping)): f = (cellY + cellH)/(tableH + cellH), clamped; the image,"),
                comment("2·amount taller than the row, sits (1 − f)·2·amount above the row's top."),
                declare("span", "boundsHeight + cellHeight"),
                zeroUnless("span > 0.0", negated: "span <= 0.0"),
                declare("f", "(cellMinY - boundsMinY + cellHeight) / span"),
                zeroUnlessFinite("f"),
                returning("amount - (1.0 - " + min("1.0", max("0.0", "f")) + ") * 2.0 * amount"),
            ]
        case .jensen:
            return [
                comment("\(Self.author(of: mapping)): the cell's position −1…1 across the width; the back layer"),
                comment("moves the whole shift, from +amount (entering on the left) to −amount; layer i of n"),
                comment("moves i/(n − 1) of it."),
                declare("minX", "boundsMinX - cellWidth"),
                declare("maxX", "boundsMinX + boundsWidth"),
                zeroUnless("maxX > minX", negated: "maxX <= minX"),
                declare("p", "2.0 / (maxX - minX) * (cellMinX - minX) - 1.0"),
                zeroUnlessFinite("p"),
                returning("-amount * " + min("1.0", max("-1.0", "p"))),
            ]
        }
    }

    var text: String { lines.map { indent + $0 }.joined(separator: "\n") }
}
