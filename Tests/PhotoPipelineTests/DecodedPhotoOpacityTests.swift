import ParallaxKit
import PhotoPipeline
import Testing

/// Whether a decode is opaque is found where it was decoded, exactly: a texture made from an
/// opaque one draws without blending, so one translucent pixel must say no.
@Suite struct DecodedPhotoOpacityTests {
    func photo(alphas: [UInt8]) -> DecodedPhoto {
        DecodedPhoto(image: RGBAImage(width: alphas.count, height: 1, bytes: alphas.flatMap { [200, 100, 50, $0] }),
                     source: PhotoHeader(width: alphas.count, height: 1))
    }

    @Test func everyPixelAtFullAlphaIsOpaque() {
        #expect(photo(alphas: Array(repeating: 255, count: 64)).isOpaque)
    }

    @Test func onePixelShortOfFullAlphaIsNotEvenWhenTheMeanRoundsTo255() {
        var alphas = [UInt8](repeating: 255, count: 1000)
        alphas[517] = 254
        let decoded = photo(alphas: alphas)
        #expect(decoded.averageColour.a == 255, "the mean alone cannot tell")
        #expect(!decoded.isOpaque)
        #expect(!photo(alphas: [0, 255]).isOpaque)
    }
}
