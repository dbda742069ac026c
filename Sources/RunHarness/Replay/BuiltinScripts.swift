import ParallaxKit

/// Scripts that ship with the playground. Their pointer paths run diagonally so the same
/// script scrolls a vertical list (which follows y) and the horizontal album row (which
/// follows x) alike; points fit a 1280×800 viewport.
public enum BuiltinScript: String, CaseIterable, Sendable {
    case fling
    case dragPastEdge = "drag-past-edge"
    case wheel
    case keys
    case bench

    public var name: String { rawValue }

    public static var validNames: String { allCases.map(\.name).joined(separator: ", ") }

    public var text: String {
        switch self {
        case .fling:
            return """
                # A quick flick towards the end of the list: the pointer speeds up, lets go while
                # still moving, and the content coasts to rest on the deceleration curve.
                drag-begin 1000 700
                wait 0.016
                drag-move 990 690
                wait 0.016
                drag-move 970 670
                wait 0.016
                drag-move 935 635
                wait 0.016
                drag-move 890 590
                wait 0.016
                drag-move 840 540
                wait 0.016
                drag-move 790 490
                drag-end
                wait 4
                """
        case .dragPastEdge:
            return """
                # Pull the start of the list past its edge (rubber band), let go at rest so it
                # springs back; then fling hard into the far end so the fling hands its speed to
                # the bounce.
                drag 300 150 700 550 0.5
                wait 0.8
                key end
                wait 0.5
                drag-begin 900 600
                wait 0.016
                drag-move 850 550
                wait 0.016
                drag-move 780 480
                wait 0.016
                drag-move 700 400
                drag-end
                wait 3
                """
        case .wheel:
            return """
                # Three quick mouse-wheel notches down (each moves the target further), one back,
                # a flipped notch, then a touchpad swipe in fractions of a notch that coasts.
                wheel dy=-1
                wait 0.05
                wheel dy=-1
                wait 0.05
                wheel dy=-1
                wait 0.4
                wheel dy=1
                wait 0.4
                wheel dy=1 flipped
                wait 0.4
                wheel dy=-0.2 precise
                wait 0.016
                wheel dy=-0.5 precise
                wait 0.016
                wheel dy=-0.8 precise
                wait 0.016
                wheel dy=-0.9 precise
                wait 2.5
                """
        case .bench:
            return """
                # The benchmark's fixed replay: a drag, a fling coasting to rest, wheel notches
                # and a page key. Every scene scrolls through it, so every strategy works.
                drag 900 650 760 510 0.4
                wait 0.1
                drag-begin 1000 700
                wait 0.016
                drag-move 970 670
                wait 0.016
                drag-move 920 620
                wait 0.016
                drag-move 850 550
                wait 0.016
                drag-move 770 470
                drag-end
                wait 3.5
                wheel dy=-1
                wait 0.08
                wheel dy=-1
                wait 0.08
                wheel dy=-1
                wait 0.5
                key pagedown
                wait 0.6
                """
        case .keys:
            return """
                # Keyboard scrolling: lines, pages, back a page, to the end and back home.
                key down
                wait 0.3
                key down
                wait 0.3
                key pagedown
                wait 0.4
                key space
                wait 0.4
                key shift+space
                wait 0.4
                key end
                wait 0.5
                key up
                wait 0.3
                key home
                wait 0.5
                """
        }
    }

    public var script: Script {
        // Built-in texts are checked by the test suite; a failure here is a programming error.
        do { return try Script.parse(text, file: "<built-in \(name)>") } catch { fatalError("\(error)") }
    }
}
