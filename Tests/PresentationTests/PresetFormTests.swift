import Presentation
import Testing

/// The preset row's rule: a new name is written, a saved one is asked about first, a bad one
/// is refused; a question stands only while its name is in the field.
@Suite struct PresetFormTests {
    let valid: (String) -> Bool = { !$0.isEmpty && !$0.contains("/") }

    @Test func anEmptyFieldSavesUnderTheSuggestion() {
        var form = PresetForm()
        #expect(form.save(suggested: "photos-30pt", saved: [], isValid: valid) == .write("photos-30pt"))
        #expect(form.confirmingReplace == nil)
    }

    @Test func aSavedNameIsAskedAboutAndWrittenOnlyOnReplace() {
        var form = PresetForm()
        form.edit(to: "mine")
        #expect(form.save(suggested: "x", saved: ["mine", "other"], isValid: valid) == .askToReplace("mine"))
        #expect(form.confirmingReplace == "mine")
        #expect(form.confirmReplace() == .write("mine"))
        #expect(form.confirmingReplace == nil)
        #expect(form.confirmReplace() == nil, "one Replace writes once")
    }

    @Test func cancelAndANewNameEndTheQuestion() {
        var form = PresetForm()
        form.edit(to: "mine")
        _ = form.save(suggested: "x", saved: ["mine"], isValid: valid)
        form.cancelReplace()
        #expect(form.confirmingReplace == nil)
        _ = form.save(suggested: "x", saved: ["mine"], isValid: valid)
        form.edit(to: "mine")
        #expect(form.confirmingReplace == "mine", "the same name in the field keeps the question")
        form.edit(to: "mine2")
        #expect(form.confirmingReplace == nil, "another name does not")
        #expect(form.save(suggested: "x", saved: ["mine"], isValid: valid) == .write("mine2"))
    }

    @Test func aBadNameIsRefusedWithItsReason() {
        var form = PresetForm()
        form.edit(to: "a/b")
        guard case .refuse(let reason) = form.save(suggested: "x", saved: [], isValid: valid) else {
            Issue.record("a bad name was not refused")
            return
        }
        #expect(reason.contains("'a/b'") && form.status == reason)
    }
}
