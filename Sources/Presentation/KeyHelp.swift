/// The help panel's text: every key of `AppCommand` and of scrolling, as a person reads them
/// (the README's key table says the same).
public enum KeyHelp {
    /// Keys and what they do, in the order the panel shows them.
    public static let lines: [(keys: String, action: String)] = [
        ("Wheel · drag · arrows", "scroll (drag and let go to fling)"),
        ("PgUp PgDn Space ⇧Space", "scroll a page"),
        ("Home End", "to the start or the end"),
        ("Tab ⇧Tab  F1–F5", "next / previous scene, or pick one"),
        ("1 2 3 0", "scroll callback · layout invalidation · cached layout · off"),
        ("+ −", "more or less parallax"),
        ("[ ]", "divide or multiply the item count by 10"),
        ("W", "willDisplay update on/off (table: see the jump)"),
        ("F", "fps badge · full panel · hidden"),
        ("D", "debug outlines: cells and images"),
        ("M", "reduce motion (parallax reduced or off)"),
        ("V", "vsync on/off"),
        ("P", "save a screenshot"),
        ("R", "record to an MP4 · stop"),
        ("C  S", "compare: strategy · technique · amount · physics · motion; strip"),
        ("T", "tuning panel; hover a cell: why it moved"),
        ("Drop a folder or photo", "show that folder (a photo: from it)"),
        ("H ?", "this help (Esc closes it)"),
        ("Esc Q", "quit (Esc first closes the help, then the panel)"),
    ]
}
