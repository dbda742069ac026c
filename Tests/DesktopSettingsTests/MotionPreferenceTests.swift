import DesktopSettings
import Foundation
import Testing

/// The desktop's reduce-motion answer, asked for on a thread of its own while the window starts.
@Suite struct MotionPreferenceTests {
    @Test func theDesktopsAnswerDecides() {
        #expect(DesktopMotionPreference(program: "/bin/echo", arguments: ["false"], reducedWhen: "false").reducesMotion())
        #expect(!DesktopMotionPreference(program: "/bin/echo", arguments: ["true"], reducedWhen: "false").reducesMotion())
    }

    @Test func noProgramOrAFailingOneKeepsMotionOn() {
        #expect(!DesktopMotionPreference(program: nil, arguments: [], reducedWhen: "false").reducesMotion())
        #expect(!DesktopMotionPreference(program: "/nonexistent/gsettings", arguments: [], reducedWhen: "false").reducesMotion())
        // Prints the answer that would reduce motion, then fails: a failed answer is no answer.
        #expect(!DesktopMotionPreference(program: "/bin/sh", arguments: ["-c", "echo false; exit 3"], reducedWhen: "false").reducesMotion())
    }

    @Test func aDesktopThatNeverAnswersDoesNotHoldTheWindow() {
        // It would answer "reduce motion" after 5 s; the read gives up after its wait.
        let hanging = DesktopMotionPreference(program: "/bin/sh", arguments: ["-c", "sleep 5; echo false"], reducedWhen: "false")
        #expect(!hanging.reducesMotion(waitingAtMost: 0.2))
        // A later read does not wait again (a test that hung here would time out).
        #expect(!hanging.reducesMotion(waitingAtMost: 3600))
    }

    @Test func aBackgroundAnswerIsTheWorksResult() {
        let answer = BackgroundAnswer { (1...1000).reduce(0, +) }
        #expect(answer.value == 500_500)
        #expect(answer.value(waitingAtMost: 10) == 500_500)
    }

    @Test func anAnswerThatComesAfterTheWaitIsKeptForLaterReads() {
        let gate = DispatchSemaphore(value: 0)
        let answer = BackgroundAnswer { () -> Int in
            gate.wait()
            return 7
        }
        #expect(answer.value(waitingAtMost: 0.05) == nil)
        gate.signal()
        #expect(answer.value == 7)
        #expect(answer.value(waitingAtMost: 0) == 7)
    }
}
