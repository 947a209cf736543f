/// The app's icon, which `shortcuts install` puts into the hicolor theme as `expenses` and
/// Scripts/install into the system's: a receipt with a torn edge, its lines and total, and a
/// euro coin. SVG (Data/expenses.svg, built into the binary), so launchers scale it to any size.
enum AppIcon {
    /// The icon theme name the desktop entry's `Icon=` gives.
    static let name = "expenses"

    static let svg = String(decoding: PackageResources.expenses_svg, as: UTF8.self)
}
