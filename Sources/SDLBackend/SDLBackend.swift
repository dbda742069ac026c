import CSDL2
import ParallaxKit
