import MediaFixtures
import Testing

@Suite("ClipRecipe: the one ffmpeg recipe of the test clips")
struct ClipRecipeTests {
    @Test("the defaults: testsrc at 320×180 and 30 fps, a 440 Hz tone, ultrafast, 4:2:0, the encoders' own rates")
    func defaults() {
        #expect(
            ClipRecipe(seconds: 6).ffmpegArguments(writingTo: "/tmp/clip.mp4") == [
                "-y", "-hide_banner", "-loglevel", "error",
                "-f", "lavfi", "-i", "testsrc=size=320x180:rate=30:duration=6",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-shortest", "-movflags", "+faststart", "/tmp/clip.mp4",
            ])
    }

    @Test("every option: noise, a capped video rate, an audio rate, another picture, preset and keyframe interval")
    func everyOption() {
        let recipe = ClipRecipe(
            seconds: 4, width: 640, height: 360, framesPerSecond: 24, picture: .testsrc2, noise: 10, preset: .veryfast,
            keyframeInterval: 24, videoRate: .capped(kilobits: 350), toneFrequency: 260, sampleRate: 44_100,
            audioKilobits: 48)
        #expect(
            recipe.ffmpegArguments(writingTo: "/tmp/clip.mp4") == [
                "-y", "-hide_banner", "-loglevel", "error",
                "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=24:duration=4",
                "-f", "lavfi", "-i", "sine=frequency=260:sample_rate=44100:duration=4",
                "-vf", "noise=alls=10:allf=t", "-c:v", "libx264", "-preset", "veryfast", "-g", "24",
                "-pix_fmt", "yuv420p", "-b:v", "350k", "-maxrate", "350k", "-bufsize", "350k",
                "-c:a", "aac", "-b:a", "48k", "-shortest", "-movflags", "+faststart", "/tmp/clip.mp4",
            ])
    }

    @Test("an average rate without 4:2:0, and a graph used as it is")
    func averageRateAndGraph() {
        let recipe = ClipRecipe(
            seconds: 20, picture: .graph("color=c=gray:s=4x4:d=20"), isConvertedToYUV420: false,
            videoRate: .average(kilobits: 1_000))
        #expect(
            recipe.ffmpegArguments(writingTo: "/tmp/clip.mp4") == [
                "-y", "-hide_banner", "-loglevel", "error",
                "-f", "lavfi", "-i", "color=c=gray:s=4x4:d=20",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=20",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-b:v", "1000k",
                "-c:a", "aac", "-shortest", "-movflags", "+faststart", "/tmp/clip.mp4",
            ])
    }
}
