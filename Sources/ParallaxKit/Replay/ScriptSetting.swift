/// A script's `set NAME VALUE` lines: the tuning panel's controls, named as the command-line
/// options that set them, so a replay can include tuning. Every name, value and sentence is
/// the settings table's (`PlaygroundSetting`).
public enum ScriptSetting {
    public struct Problem: Error { public var reason: String }

    static let help = PlaygroundSetting.allCases.map { "\($0.name) \($0.valueName)" }.joined(separator: ", ") + ", reset defaults"

    /// The command `set name value` gives, or why it gives none.
    public static func command(_ name: String, _ value: String) throws(Problem) -> AppCommand {
        if name == "reset" {
            guard value == "defaults" else { throw Problem(reason: "'set reset defaults' is the only reset") }
            return .resetToDefaults
        }
        guard let setting = PlaygroundSetting(name: name) else {
            throw Problem(reason: "unknown setting \(KnobDescriptor.quoted(name)) (settings: \(help))")
        }
        guard let command = setting.command(value) else { throw Problem(reason: setting.rangeMessage(got: value)) }
        return command
    }
}
