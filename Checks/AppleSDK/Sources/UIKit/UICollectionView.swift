import CoreGraphics
import Foundation

/// Stand-in for `UICollectionView`: a `UIScrollView` subclass, main-actor isolated (`NS_SWIFT_UI_ACTOR` in
/// UICollectionView.h of the iOS 18.0 SDK), iOS 6.0, unavailable on watchOS. Only the members the shells use.
/// https://developer.apple.com/documentation/uikit/uicollectionview
@MainActor
@available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UICollectionView: UIScrollView {
    /// `@property (nonatomic, readonly) NSArray<NSIndexPath *> *indexPathsForVisibleItems;` (UICollectionView.h),
    /// imported as `[IndexPath]`.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforvisibleitems
    open var indexPathsForVisibleItems: [IndexPath] { [] }

    /// `- (nullable UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath;`
    /// (UICollectionView.h)
    /// https://developer.apple.com/documentation/uikit/uicollectionview/layoutattributesforitem(at:)
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
}

/// Stand-in for `UICollectionViewLayoutAttributes`: an `NSObject` subclass, main-actor isolated
/// (`NS_SWIFT_UI_ACTOR` in UICollectionViewLayout.h of the iOS 18.0 SDK), iOS 6.0. Only the members the shells use.
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
@MainActor
@available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UICollectionViewLayoutAttributes: NSObject {
    /// `@property (nonatomic) CGRect frame;` (UICollectionViewLayout.h), in the collection view's content coordinates.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/frame
    open var frame: CGRect {
        get { .zero }
        set {}
    }
}

/// UIKit's additions to `IndexPath` (`NSIndexPath (UICollectionViewAdditions)` in UICollectionView.h, iOS 6.0:
/// `@property (nonatomic, readonly) NSInteger item;`), as the Swift overlay declares them, with no actor.
/// https://developer.apple.com/documentation/foundation/indexpath/item
@available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
extension IndexPath {
    /// The item of a collection view's index path.
    public var item: Int {
        get { count > 1 ? self[1] : 0 }
        set {}
    }

    /// The section of a collection view's index path.
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set {}
    }
}
