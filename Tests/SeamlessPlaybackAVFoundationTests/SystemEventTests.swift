import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("SystemEvent: the raw userInfo numbers of the audio session's notifications")
struct SystemEventTests {
    @Test(
        "interruption notifications, by type, options and reason (AVAudioSessionTypes.h values)",
        arguments: [
            (UInt?.some(1), UInt?.none, UInt?.none, SystemEvent?.some(.interruptionBegan(.other))),
            (1, nil, 0, .interruptionBegan(.other)),  // .default: another session was activated
            (1, nil, 2, .interruptionBegan(.other)),  // .builtInMicMuted
            (1, nil, 4, .interruptionBegan(.routeDisconnected)),  // iOS 17
            (1, nil, 99, .interruptionBegan(.other)),  // a reason added later
            (0, 1, nil, .interruptionEnded(shouldResume: true)),
            (0, 0, nil, .interruptionEnded(shouldResume: false)),
            (0, nil, nil, .interruptionEnded(shouldResume: false)),  // no options: no resume
            (0, 3, nil, .interruptionEnded(shouldResume: true)),  // other bits besides .shouldResume
            (nil, 1, nil, nil),  // no type: ignored
            (7, nil, nil, nil),  // a type the SDK does not declare: ignored
        ])
    func interruption(type: UInt?, options: UInt?, reason: UInt?, expected: SystemEvent?) {
        #expect(SystemEvent.interruption(type: type, options: options, reason: reason) == expected)
    }

    @Test(
        "route changes: only the old device going away (headphones out) is an event",
        arguments: [
            (UInt?.some(2), SystemEvent?.some(.outputLost)), (0, nil), (1, nil), (3, nil), (4, nil), (6, nil),
            (7, nil), (8, nil), (nil, nil),
        ])
    func routeChange(reason: UInt?, expected: SystemEvent?) {
        #expect(SystemEvent.routeChange(reason: reason) == expected)
    }

    @Test("only the application's notifications move the app between background and foreground")
    func background() {
        #expect(SystemEvent.enteredBackground.isInBackground(after: false))
        #expect(!SystemEvent.willEnterForeground.isInBackground(after: true))
        for event in [SystemEvent.interruptionBegan(.other), .interruptionEnded(shouldResume: true), .outputLost] {
            #expect(event.isInBackground(after: true))
            #expect(!event.isInBackground(after: false))
        }
    }
}
