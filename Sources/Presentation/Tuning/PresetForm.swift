/// The tuning panel's preset row: the name being typed, a save that waits for the person to
/// say "Replace", and what the last save or load said. Saving never replaces a preset the
/// person did not name twice: a name already saved asks first, in the panel.
public struct PresetForm: Equatable, Sendable {
    /// What the field holds; empty saves under the suggested name (the field's grey hint).
    public var name = ""
    /// A save of this name waits for Replace or Cancel.
    public private(set) var confirmingReplace: String?
    /// The row's last word: the saved path, a refusal, a load.
    public var status: String?

    public init() {}

    /// What a press of Save (or Enter in the field) does.
    public enum Decision: Equatable, Sendable {
        /// Write the preset as this name (it is new, or the person said Replace).
        case write(String)
        /// The name is saved already: the row asks before anything is written.
        case askToReplace(String)
        /// Not a name a preset can have; the reason is in `status`.
        case refuse(String)
    }

    /// The name Save writes: the typed one, else the suggestion.
    public func nameToSave(suggested: String) -> String { name.isEmpty ? suggested : name }

    /// Save pressed with the preset names already saved; `isValid` is the store's name rule.
    public mutating func save(suggested: String, saved: Set<String>, isValid: (String) -> Bool) -> Decision {
        let chosen = nameToSave(suggested: suggested)
        guard isValid(chosen) else {
            confirmingReplace = nil
            let reason = "'\(chosen.prefix(64))' is not a preset name: letters, digits, - _ . (1 to 64)"
            status = reason
            return .refuse(reason)
        }
        if saved.contains(chosen) {
            confirmingReplace = chosen
            return .askToReplace(chosen)
        }
        confirmingReplace = nil
        return .write(chosen)
    }

    /// Replace pressed: the waiting save goes ahead.
    public mutating func confirmReplace() -> Decision? {
        guard let name = confirmingReplace else { return nil }
        confirmingReplace = nil
        return .write(name)
    }

    /// Cancel pressed, or the name changed under a question: nothing is written.
    public mutating func cancelReplace() {
        confirmingReplace = nil
    }

    /// The field now holds `typed`: a question about another name no longer stands.
    public mutating func edit(to typed: String) {
        if typed != name, confirmingReplace != nil, confirmingReplace != typed { confirmingReplace = nil }
        name = typed
    }
}
