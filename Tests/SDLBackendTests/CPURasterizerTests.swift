import Testing
@testable import SDLBackend

/// Which OpenGL renderers draw on the processor, by the GL_RENDERER strings Mesa and the GPU
/// drivers give (the frame pacing's fades step at half rate on those).
@Suite struct CPURasterizerTests {
    @Test(arguments: [
        "llvmpipe (LLVM 15.0.6, 256 bits)",
        "softpipe",
        "Software Rasterizer",
        "swrast",
    ])
    func mesasCPURasterizersAreNamed(_ name: String) {
        #expect(Renderer.isCPURasterizer(glRenderer: name))
    }

    @Test(arguments: [
        "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
        "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)",
        "NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2",
        "",
    ])
    func gpusAreNot(_ name: String) {
        #expect(!Renderer.isCPURasterizer(glRenderer: name))
    }
}
