import ParallaxKit

/// What every export does for a viewer who asks for reduced motion: the images move by the
/// reduced amount (`--reduced-amount`, a fraction of the tuned amount) instead of the tuned
/// one; none (the default) keeps them centred. Parallax is WCAG 2.3.3's example of motion that
/// is not essential, so each platform's own setting turns it down: the words here are the
/// ones the files and READMEs of every format share.
struct ReducedMotionExport: Sendable {
    var amount: Double
    /// 0…1 of `amount`.
    var fraction: Double

    /// The reduced amount in points (dp, logical pixels).
    var reducedAmount: Double { amount * fraction }

    /// Whether reduce motion leaves the images centred.
    var stopsMotion: Bool { reducedAmount == 0 }

    /// The fraction as written in the files: "0.2".
    var fractionText: String { KnobDescriptor.number(fraction) }

    /// The reduced amount as the files write it, from the amount's constant (`amountName`):
    /// `amount * 0.2`, the product the playground computes, so the exported shifts match its
    /// own to the last bit; `0.0` when reduce motion stops the motion.
    func expression(amountName: String) -> String {
        stopsMotion ? "0.0" : "\(amountName) * \(MappingFormula.number(fraction))"
    }

    /// What the reduced amount is, for a comment beside it.
    var describedInCode: String {
        stopsMotion ? "none, so the images stay centred (the playground's default, as in WCAG's examples)"
            : "\(fractionText) of the amount (`--reduced-amount \(fractionText)`)"
    }

    /// What the viewer's setting does, for a README: `setting` names it on that platform.
    func readmeParagraph(setting: String) -> String {
        let effect = stopsMotion
            ? "the images stay centred in their cells: no parallax at all (`reducedAmount` is 0, the playground's default, as in WCAG's examples of non-essential motion)"
            : "the images move by `reducedAmount`, \(KnobDescriptor.number((reducedAmount * 100).rounded() / 100)) pt, \(fractionText) of the tuned \(KnobDescriptor.number(amount)) pt (exported with `--reduced-amount \(fractionText)`)"
        return "When the viewer turns on \(setting), \(effect). Scrolling itself is unchanged. " + (stopsMotion
            ? "Export with `--reduced-amount` (a fraction of the amount, 0 to 1) to keep some of the motion instead."
            : "Export with `--reduced-amount 0` to keep the images still instead.")
    }
}
