import ParallaxKit
import Testing

/// `--items 0`: the list says it is empty instead of drawing nothing.
@Suite struct EmptyListTests {
    /// The texts a scene's draw list shows.
    private func texts(_ playground: Playground) -> [String] {
        var list = DrawList()
        SceneRenderer().draw(playground, into: &list)
        return list.commands.compactMap { if case .text(let string, _, _, _, _) = $0 { string } else { nil } }
    }

    @Test(arguments: SceneID.allCases)
    func anEmptyListSaysSo(scene: SceneID) {
        let empty = Playground(scene: scene, itemCount: 0, viewportSize: Size(width: 800, height: 600))
        #expect(texts(empty).contains("No items"))
        #expect(texts(empty).contains(SceneRenderer.emptyListHint))
        let one = Playground(scene: scene, itemCount: 1, viewportSize: Size(width: 800, height: 600))
        #expect(!texts(one).contains("No items"))
    }
}
