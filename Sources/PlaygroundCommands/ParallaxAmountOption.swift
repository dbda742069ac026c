import ArgumentParser
import ParallaxKit

/// `--parallax`, declared once for `shot`, `record` and `export`: its help and its one
/// out-of-range sentence come from `Playground.parallaxAmountKnob`, which the preset key,
/// the script's `set parallax` and `--compare parallax=` read too.
package struct ParallaxAmountOption: ParsableArguments {
    package init() {}

    @Option(name: .customLong("parallax"), parsing: .unconditional,
            help: ArgumentHelp(Playground.parallaxAmountKnob.help, valueName: Playground.parallaxAmountKnob.valueName))
    package var amount: Double?

    package func validate() throws {
        if let amount, !Playground.parallaxAmountKnob.range.contains(amount) {
            throw ValidationError("--" + Playground.parallaxAmountKnob.rangeMessage(got: KnobDescriptor.number(amount)))
        }
    }
}
