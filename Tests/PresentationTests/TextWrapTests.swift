import Presentation
import Testing

/// Lines that fit a width, broken after spaces and a path's slashes.
@Suite struct TextWrapTests {
    /// A monospaced font: 7 points a character.
    static func measure(_ text: String) -> Double { Double(text.count) * 7 }

    @Test func aPathBreaksAtItsSlashesNeverInsideAFoldersName() {
        let text = "Presets are saved in ~/.config/parallax-playground/presets"
        let lines = TextWrap.lines(text, width: 35 * 7, measure: Self.measure)
        #expect(lines == ["Presets are saved in ~/.config/", "parallax-playground/presets"])
        #expect(lines.allSatisfy { Self.measure($0) <= 35 * 7 })
        // Nothing lost: the lines put back together are the text.
        #expect(lines.joined() == text)
    }

    @Test func wordsBreakAtSpacesAndTheSpaceIsDropped() {
        #expect(TextWrap.lines("Nothing saved yet", width: 10 * 7, measure: Self.measure) == ["Nothing", "saved yet"])
        #expect(TextWrap.lines("short", width: 100, measure: Self.measure) == ["short"])
        #expect(TextWrap.lines("", width: 100, measure: Self.measure).isEmpty)
    }

    @Test func aNameWiderThanALineIsCutWhereItMust() {
        let lines = TextWrap.lines("~/a/averyveryverylongname.json", width: 10 * 7, measure: Self.measure)
        #expect(lines == ["~/a/", "averyveryv", "erylongnam", "e.json"])
    }
}
