import Foundation

/// Stand-in for `UIViewController`: main-actor isolated (`NS_SWIFT_UI_ACTOR` in UIViewController.h), iOS 2.0,
/// unavailable on watchOS. Only the members the README's pages use.
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UIViewController: UIResponder {
    /// `- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle *)nibBundleOrNil
    /// NS_DESIGNATED_INITIALIZER;`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    /// `- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// `@property(null_resettable, nonatomic, strong) UIView *view;`, hence implicitly unwrapped in Swift.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! {
        get { nil }
        set {}
    }

    /// `- (void)loadView;`: makes the controller's view; an override sets `view` and does not call `super`.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadview()
    open func loadView() {}

    /// `- (void)viewDidLoad;`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}

    /// `- (void)viewDidDisappear:(BOOL)animated;`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}

    /// `@property(nonatomic, readonly, getter=isMovingFromParentViewController) BOOL movingFromParentViewController
    /// API_AVAILABLE(ios(5.0));`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismovingfromparent
    @available(iOS 5.0, tvOS 9.0, visionOS 1.0, *)
    open var isMovingFromParent: Bool { false }

    /// `@property (nonatomic, strong, nullable) UIViewControllerTransition *preferredTransition
    /// API_AVAILABLE(ios(18.0));`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredtransition
    @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
    open var preferredTransition: UIViewController.Transition? {
        get { nil }
        set {}
    }
}
