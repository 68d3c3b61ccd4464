// expect: main actor-isolated property 'frame' can not be mutated from a nonisolated context
//
// `UIView` is `NS_SWIFT_UI_ACTOR`: its properties belong to the main actor, and a function that is not isolated to it
// must not set them.
import UIKit

func layOut(_ view: UIView, in bounds: CGRect) {
    view.frame = bounds
}
