import ArgumentParser
import DesktopSettings
import ParallaxKit

/// `--cpu-slowdown` and `--refresh`: the run's frame budget (`RunBudget`), on the window and
/// `record`. Settings of the run, not of the model; named, ranged and refused by their
/// descriptors, as the knobs are, so the option, the preset key and the `set` line say one
/// sentence of a value out of range.
package struct FrameBudgetOptions: ParsableArguments {
    package init() {}

    // `.unconditional` so that `--cpu-slowdown -3` reaches validation instead of reading as a flag.
    @Option(name: .customLong(RunBudget.cpuSlowdownKnob.name), parsing: .unconditional, help: RunBudget.cpuSlowdownKnob.argumentHelp)
    package var cpuSlowdown: String?

    @Option(name: .customLong(RunBudget.refreshKnob.name), parsing: .unconditional, help: RunBudget.refreshKnob.argumentHelp)
    package var refresh: String?

    package func validate() throws {
        if let cpuSlowdown, RunBudget.cpuSlowdownKnob.parse(cpuSlowdown) == nil {
            throw ValidationError("--" + RunBudget.cpuSlowdownKnob.rangeMessage(got: cpuSlowdown))
        }
        if let refresh, RunBudget.refreshKnob.parse(refresh) == nil {
            throw ValidationError("--" + RunBudget.refreshKnob.rangeMessage(got: refresh))
        }
    }

    /// The budget: none, then the preset's, then the options'.
    package func budget(preset: Preset?) -> RunBudget {
        var budget = RunBudget()
        if let slowdown = preset?.cpuSlowdown { budget.cpuSlowdown = slowdown }
        if let refresh = preset?.refresh { budget.refreshHertz = refresh }
        if let cpuSlowdown, case let rate?? = RunBudget.cpuSlowdownKnob.parse(cpuSlowdown) { budget.cpuSlowdown = rate }
        if let refresh, let hertz = RunBudget.refreshKnob.parse(refresh) { budget.refreshHertz = hertz }
        return budget
    }
}
