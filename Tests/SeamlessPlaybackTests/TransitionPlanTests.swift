import SeamlessPlayback
import Testing

private func isClose(_ lhs: Double, _ rhs: Double, tolerance: Double = 1e-9) -> Bool {
    abs(lhs - rhs) <= tolerance
}

private func isClose(_ lhs: Rect, _ rhs: Rect, tolerance: Double = 1e-9) -> Bool {
    isClose(lhs.minX, rhs.minX, tolerance: tolerance) && isClose(lhs.minY, rhs.minY, tolerance: tolerance)
        && isClose(lhs.maxX, rhs.maxX, tolerance: tolerance) && isClose(lhs.maxY, rhs.maxY, tolerance: tolerance)
}

@Suite("TransitionPlan")
struct TransitionPlanTests {
    @Test("ratio and both transforms follow the published rules", arguments: Scenario.all)
    func followsTheRules(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        let ratio =
            scenario.scale(in: scenario.source.size, scenario.sourceMode)
            / scenario.scale(in: scenario.destination.size, scenario.destinationMode)
        #expect(isClose(plan.ratio, ratio, tolerance: 1e-12 * ratio))

        let view = plan.viewTransform
        #expect(view.a == plan.ratio && view.d == plan.ratio && view.b == 0 && view.c == 0)
        #expect(isClose(view.tx, scenario.source.center.x - scenario.destination.center.x))
        #expect(isClose(view.ty, scenario.source.center.y - scenario.destination.center.y))

        let mask = plan.maskTransform
        #expect(isClose(mask.a, scenario.source.width / (scenario.destination.width * ratio)))
        #expect(isClose(mask.d, scenario.source.height / (scenario.destination.height * ratio)))
        #expect(mask.b == 0 && mask.c == 0 && mask.tx == 0 && mask.ty == 0)
    }

    @Test(
        "at progress 0 the video looks as big as in the source and the mask is the source",
        arguments: Scenario.all)
    func startLooksLikeTheSource(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        // The view's on-screen rect, with the video laid out in it as the destination lays it out.
        let viewOnScreen = plan.viewRect(at: 0)
        let videoScale = scenario.scale(in: viewOnScreen.size, scenario.destinationMode)
        let sourceScale = scenario.scale(in: scenario.source.size, scenario.sourceMode)
        #expect(isClose(scenario.video.width * videoScale, scenario.video.width * sourceScale))
        #expect(isClose(scenario.video.height * videoScale, scenario.video.height * sourceScale))
        #expect(isClose(viewOnScreen.midX, scenario.source.midX) && isClose(viewOnScreen.midY, scenario.source.midY))

        let videoOnScreen = plan.videoRect(at: 0)
        #expect(isClose(videoOnScreen.width, scenario.video.width * sourceScale))
        #expect(isClose(videoOnScreen.height, scenario.video.height * sourceScale))
        #expect(isClose(plan.maskRect(at: 0), scenario.source))
    }

    @Test("at progress 1 everything sits exactly at the destination", arguments: Scenario.all)
    func endIsTheDestination(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        #expect(plan.viewRect(at: 1) == scenario.destination)
        #expect(plan.maskRect(at: 1) == scenario.destination)
        #expect(plan.videoRect(at: 1) == scenario.destinationMode.rect(for: scenario.video, in: scenario.destination))
    }

    @Test(
        "with a fit destination the first frame shows exactly what the source showed",
        arguments: Scenario.fitDestinations)
    func firstFrameShowsTheSourcePicture(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        let sourcePicture = try #require(
            scenario.sourceMode.rect(for: scenario.video, in: scenario.source).intersection(scenario.source))
        let visible = try #require(plan.visibleRect(at: 0))
        #expect(isClose(visible, sourcePicture))
    }

    @Test("with a fill destination the first frame may crop more than the source did, as documented")
    func fillDestinationCanCropMore() throws {
        let poster = try #require(Scenario.all.first { $0.name == "poster fit → full screen fill" })
        let plan = try poster.plan()
        let sourcePicture = poster.sourceMode.rect(for: poster.video, in: poster.source)
        let visible = try #require(plan.visibleRect(at: 0))
        #expect(visible.width < sourcePicture.width - 1)
        #expect(isClose(visible.height, sourcePicture.height))
    }

    @Test("a fill source's mask never opens beyond the view", arguments: Scenario.fillToFit)
    func maskStaysInsideTheView(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        for step in 0...40 {
            let progress = Double(step) / 40
            let view = plan.viewRect(at: progress)
            let mask = plan.maskRect(at: progress)
            #expect(mask.minX >= view.minX - 1e-9 && mask.maxX <= view.maxX + 1e-9, "progress \(progress)")
            #expect(mask.minY >= view.minY - 1e-9 && mask.maxY <= view.maxY + 1e-9, "progress \(progress)")
        }
    }

    @Test(
        "ratio and mask scales from hand-computed cases",
        arguments: [
            // source size, mode, destination size, mode, video, ratio, mask scale x, mask scale y
            (
                Size(width: 200, height: 200), ContentMode.aspectFill, Size(width: 100, height: 100),
                ContentMode.aspectFit, Size(width: 100, height: 50), 4.0, 0.5, 0.5
            ),
            (
                Size(width: 200, height: 200), .aspectFit, Size(width: 100, height: 100), .aspectFit,
                Size(width: 100, height: 50), 2.0, 1.0, 1.0
            ),
            (
                Size(width: 100, height: 100), .aspectFill, Size(width: 400, height: 400), .aspectFill,
                Size(width: 100, height: 50), 0.25, 1.0, 1.0
            ),
            (
                Size(width: 300, height: 300), .aspectFill, Size(width: 300, height: 600), .aspectFit,
                Size(width: 900, height: 1600), 1.0, 1.0, 0.5
            ),
        ])
    func handComputed(
        _ source: Size, _ sourceMode: ContentMode, _ destination: Size, _ destinationMode: ContentMode,
        _ video: Size, _ ratio: Double, _ maskX: Double, _ maskY: Double
    ) throws {
        let plan = try TransitionPlan(
            from: Rect(origin: Point(x: 10, y: 20), size: source), mode: sourceMode,
            to: Rect(origin: Point(x: 10, y: 20), size: destination), mode: destinationMode, videoSize: video)
        #expect(plan.ratio == ratio)
        #expect(plan.maskTransform == AffineTransform(scaleX: maskX, y: maskY))
        let shift = Point(x: (source.width - destination.width) / 2, y: (source.height - destination.height) / 2)
        #expect(plan.viewTransform == AffineTransform(a: ratio, b: 0, c: 0, d: ratio, tx: shift.x, ty: shift.y))
    }

    @Test("a transition onto the same frame and mode needs no transform", arguments: ContentMode.allCases)
    func identicalFramesNeedNoTransform(_ mode: ContentMode) throws {
        let frame = Rect(x: 12.3, y: 45.6, width: 333.3, height: 222.2)
        let plan = try TransitionPlan(from: frame, mode: mode, to: frame, mode: mode, videoSize: Scenario.portrait)
        #expect(plan.ratio == 1)
        #expect(plan.frame(at: 0) == .identity)
        #expect(plan.frame(at: 0.5) == .identity)
    }

    @Test("both ends are exact", arguments: Scenario.all)
    func endsAreExact(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        #expect(
            plan.frame(at: 0) == TransitionFrame(viewTransform: plan.viewTransform, maskTransform: plan.maskTransform))
        #expect(plan.frame(at: 1) == .identity)
        #expect(plan.frame(at: 1).viewTransform.isIdentity && plan.frame(at: 1).maskTransform.isIdentity)
        // Just inside the ends the frame is interpolated, and lies next to the end.
        let nearEnd = plan.frame(at: 1.0.nextDown)
        #expect(
            isClose(nearEnd.viewTransform.a, 1, tolerance: 1e-12)
                && isClose(nearEnd.maskTransform.d, 1, tolerance: 1e-12))
    }

    @Test("the end is exact even where interpolating to 1 would round away from it")
    func endIsExactForExtremeScales() throws {
        // ratio 1e17: a + (1 − a)·1 evaluates to 0 in Double, not 1.
        let plan = try TransitionPlan(
            from: Rect(x: 0, y: 0, width: 1e17, height: 1e17), mode: .aspectFill,
            to: Rect(x: 0, y: 0, width: 1, height: 1), mode: .aspectFit, videoSize: Size(width: 1, height: 1))
        #expect(plan.ratio == 1e17)
        #expect(plan.viewTransform.a + (1 - plan.viewTransform.a) * 1 != 1)
        #expect(plan.frame(at: 1) == .identity)
    }

    @Test("in between, each component moves linearly", arguments: Scenario.all)
    func interpolatesLinearly(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        for progress in [0.25, 0.5, 0.8] {
            let frame = plan.frame(at: progress)
            let view = plan.viewTransform
            let mask = plan.maskTransform
            #expect(isClose(frame.viewTransform.a, view.a + (1 - view.a) * progress))
            #expect(isClose(frame.viewTransform.tx, view.tx * (1 - progress)))
            #expect(isClose(frame.viewTransform.ty, view.ty * (1 - progress)))
            #expect(isClose(frame.maskTransform.d, mask.d + (1 - mask.d) * progress))
            let center = plan.viewRect(at: progress).center
            #expect(
                isClose(center.x, scenario.source.midX + (scenario.destination.midX - scenario.source.midX) * progress))
            #expect(
                isClose(center.y, scenario.source.midY + (scenario.destination.midY - scenario.source.midY) * progress))
        }
    }

    @Test(
        "progress is clamped, and NaN or infinity counts as 0",
        arguments: [
            (-0.5, false), (-1e300, false), (-0.0, false), (1.5, true), (1e300, true), (1.0.nextUp, true),
            (Double.nan, false), (-Double.nan, false), (Double.infinity, false), (-Double.infinity, false),
        ])
    func clampsProgress(_ progress: Double, _ isEnd: Bool) throws {
        let plan = try #require(try Scenario.all.first?.plan())
        let expected = isEnd ? TransitionFrame.identity : plan.frame(at: 0)
        #expect(plan.frame(at: progress) == expected)
        #expect(plan.reversed().frame(at: progress) == (isEnd ? plan.frame(at: 0) : .identity))
    }

    @Test("reversed().frame(at: p) is frame(at: 1 − p), bit for bit", arguments: Scenario.all)
    func reversalMirrorsProgress(_ scenario: Scenario) throws {
        let plan = try scenario.plan()
        let reversed = plan.reversed()
        let grid = (-32...96).map { Double($0) / 64 }
        let awkward = [0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.7, 0.9, 1e-17, 1e-300, 0.5.nextUp, 1.0.nextDown, -1e-300]
        // A golden-ratio sequence: 500 well-spread, irregular values in −0.2 ..< 1.2, the same on every run.
        let spread = (1...500).map { index in
            (Double(index) * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1) * 1.4 - 0.2
        }
        let mismatches = (grid + awkward + spread).filter { reversed.frame(at: $0) != plan.frame(at: 1 - $0) }
        #expect(mismatches.isEmpty)
        #expect(reversed.frame(at: 0.25) != plan.frame(at: 0.25))
    }

    @Test("a reversed plan is the exit: it starts at the identity and ends looking like the source")
    func reversedIsTheExit() throws {
        let plan = try #require(try Scenario.all.first?.plan())
        let reversed = plan.reversed()
        #expect(reversed.isReversed && !plan.isReversed)
        #expect(reversed != plan)
        #expect(reversed.reversed() == plan)
        #expect(reversed.ratio == plan.ratio)
        #expect(reversed.source == plan.source && reversed.destination == plan.destination)
        #expect(reversed.viewTransform == .identity && reversed.maskTransform == .identity)
        #expect(reversed.frame(at: 1) == plan.frame(at: 0))
        #expect(isClose(reversed.maskRect(at: 1), plan.source))
        #expect(reversed.viewRect(at: 0) == plan.destination)
    }

    @Test(
        "invalid geometry throws the documented error",
        arguments: [
            ErrorCase("source with zero width", source: Rect(x: 0, y: 0, width: 0, height: 10), .emptyRect),
            ErrorCase("source with negative height", source: Rect(x: 0, y: 0, width: 10, height: -1), .emptyRect),
            ErrorCase("source with width −0", source: Rect(x: 0, y: 0, width: -0.0, height: 10), .emptyRect),
            ErrorCase("destination with zero height", destination: Rect(x: 0, y: 0, width: 10, height: 0), .emptyRect),
            ErrorCase(
                "destination with negative width", destination: Rect(x: 5, y: 5, width: -10, height: 10), .emptyRect),
            ErrorCase("video with zero width", video: Size(width: 0, height: 1920), .emptyVideoSize),
            ErrorCase("video with negative height", video: Size(width: 1080, height: -1920), .emptyVideoSize),
            ErrorCase("source x is NaN", source: Rect(x: .nan, y: 0, width: 10, height: 10), .nonFinite),
            ErrorCase("source y is infinite", source: Rect(x: 0, y: .infinity, width: 10, height: 10), .nonFinite),
            ErrorCase("source width is infinite", source: Rect(x: 0, y: 0, width: .infinity, height: 10), .nonFinite),
            ErrorCase(
                "destination x is −infinity", destination: Rect(x: -.infinity, y: 0, width: 10, height: 10), .nonFinite),
            ErrorCase("destination height is NaN", destination: Rect(x: 0, y: 0, width: 10, height: .nan), .nonFinite),
            ErrorCase("video width is infinite", video: Size(width: .infinity, height: 1920), .nonFinite),
            ErrorCase("video height is NaN", video: Size(width: 1080, height: .nan), .nonFinite),
            ErrorCase(
                "non-finite wins over an empty video", source: Rect(x: .nan, y: 0, width: 10, height: 10),
                video: Size(width: 0, height: 0), .nonFinite),
            ErrorCase(
                "non-finite wins over an empty rect", destination: Rect(x: 0, y: 0, width: 0, height: 0),
                video: Size(width: .nan, height: 1), .nonFinite),
            ErrorCase(
                "−infinity width is non-finite, not empty", source: Rect(x: 0, y: 0, width: -.infinity, height: 1),
                .nonFinite),
            ErrorCase(
                "an empty rect wins over an empty video", source: Rect(x: 0, y: 0, width: 0, height: 10),
                video: Size(width: 0, height: 0), .emptyRect),
            ErrorCase(
                "scale overflows", source: Rect(x: 0, y: 0, width: 1e300, height: 1e300),
                video: Size(width: 1e-300, height: 1e-300), .nonFinite),
            ErrorCase(
                "ratio underflows to 0", source: Rect(x: 0, y: 0, width: 1e-300, height: 1e-300),
                destination: Rect(x: 0, y: 0, width: 1e300, height: 1e300), video: Size(width: 1, height: 1), .nonFinite
            ),
            ErrorCase("centre overflows", source: Rect(x: 1.7e308, y: 0, width: 1e308, height: 10), .nonFinite),
            ErrorCase(
                "translation overflows", source: Rect(x: 1.7e308, y: 0, width: 10, height: 10),
                destination: Rect(x: -1.7e308, y: 0, width: 10, height: 10), .nonFinite),
        ])
    func rejectsInvalidGeometry(_ errorCase: ErrorCase) {
        #expect(throws: errorCase.expected) {
            try TransitionPlan(
                from: errorCase.source, mode: .aspectFill, to: errorCase.destination, mode: .aspectFit,
                videoSize: errorCase.video)
        }
    }
}

extension TransitionPlanTests {
    /// One transition's inputs, named for the test report.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let source: Rect
        let sourceMode: ContentMode
        let destination: Rect
        let destinationMode: ContentMode
        let video: Size

        var testDescription: String { name }

        func plan() throws -> TransitionPlan {
            try TransitionPlan(
                from: source, mode: sourceMode, to: destination, mode: destinationMode, videoSize: video)
        }

        /// The video's scale in `box`, computed here from the definition rather than by the library.
        func scale(in box: Size, _ mode: ContentMode) -> Double {
            let horizontal = box.width / video.width
            let vertical = box.height / video.height
            return mode == .aspectFit ? min(horizontal, vertical) : max(horizontal, vertical)
        }

        static let portrait = Size(width: 1080, height: 1920)
        static let landscape = Size(width: 1920, height: 1080)
        static let feedCell = Rect(x: 7.5, y: 212, width: 375, height: 375)
        static let fullScreen = Rect(x: 0, y: 0, width: 390, height: 844)
        static let page = Rect(x: 0, y: 75.5, width: 390, height: 693.33)

        static let all: [Scenario] = [
            .init(
                name: "feed cell fill → full screen fit, 9:16 video", source: feedCell, sourceMode: .aspectFill,
                destination: fullScreen, destinationMode: .aspectFit, video: portrait),
            .init(
                name: "feed cell fill → full screen fit, 16:9 video", source: feedCell, sourceMode: .aspectFill,
                destination: fullScreen, destinationMode: .aspectFit, video: landscape),
            .init(
                name: "feed cell fill → 9:16 page fit, 9:16 video", source: feedCell, sourceMode: .aspectFill,
                destination: page, destinationMode: .aspectFit, video: portrait),
            .init(
                name: "feed cell fill → 9:16 page fit, 16:9 video", source: feedCell, sourceMode: .aspectFill,
                destination: page, destinationMode: .aspectFit, video: landscape),
            .init(
                name: "thumbnail fit → banner fit", source: Rect(x: 20, y: 500, width: 160, height: 90),
                sourceMode: .aspectFit, destination: Rect(x: 0, y: 100, width: 390, height: 300),
                destinationMode: .aspectFit, video: landscape),
            .init(
                name: "tile fill → card fill", source: Rect(x: 300, y: 40, width: 50, height: 80),
                sourceMode: .aspectFill, destination: Rect(x: 10, y: 10, width: 300, height: 200),
                destinationMode: .aspectFill, video: Size(width: 640, height: 480)),
            .init(
                name: "poster fit → full screen fill", source: Rect(x: 0, y: 0, width: 200, height: 300),
                sourceMode: .aspectFit, destination: fullScreen, destinationMode: .aspectFill, video: portrait),
            .init(
                name: "full screen fill → small cell fill", source: fullScreen, sourceMode: .aspectFill,
                destination: Rect(x: 250, y: 600, width: 100, height: 100), destinationMode: .aspectFill,
                video: portrait),
            .init(
                name: "off-centre, negative coordinates",
                source: Rect(x: -120.5, y: -33.25, width: 240.75, height: 133.1),
                sourceMode: .aspectFill, destination: Rect(x: 37.3, y: 411.9, width: 512.2, height: 288.1),
                destinationMode: .aspectFit, video: Size(width: 1000, height: 1001)),
        ]
        static let fitDestinations = all.filter { $0.destinationMode == .aspectFit }
        static let fillToFit = all.filter { $0.sourceMode == .aspectFill && $0.destinationMode == .aspectFit }
    }

    /// Inputs that must be refused; the parts not named are valid.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let name: String
        let source: Rect
        let destination: Rect
        let video: Size
        let expected: TransitionError

        init(
            _ name: String, source: Rect = Scenario.feedCell, destination: Rect = Scenario.fullScreen,
            video: Size = Scenario.portrait, _ expected: TransitionError
        ) {
            (self.name, self.source, self.destination, self.video, self.expected) =
                (name, source, destination, video, expected)
        }

        var testDescription: String { name }
    }
}
