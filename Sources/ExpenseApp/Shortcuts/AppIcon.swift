/// The app's icon, which `shortcuts install` puts into the hicolor theme as `expenses`: a receipt
/// with a torn edge, its lines and total, and a euro coin. Drawn here as SVG text, so the build
/// needs no image file and launchers scale it to any size.
enum AppIcon {
    /// The icon theme name the desktop entry's `Icon=` gives.
    static let name = "expenses"

    static let svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
          <title>expenses</title>
          <path d="M12 8a2 2 0 0 1 2-2h28a2 2 0 0 1 2 2v48l-4-3-4 3-4-3-4 3-4-3-4 3-4-3-4 3z"
                fill="#ffffff" stroke="#2e3440" stroke-width="2" stroke-linejoin="round"/>
          <path d="M18 15h20M18 22h14M18 29h17" fill="none" stroke="#8a94a3" stroke-width="3" stroke-linecap="round"/>
          <path d="M18 37h20" fill="none" stroke="#8a94a3" stroke-width="1.5" stroke-dasharray="2 2"/>
          <path d="M18 44h11" fill="none" stroke="#2e3440" stroke-width="3.5" stroke-linecap="round"/>
          <circle cx="46" cy="46" r="12" fill="#f5b82e" stroke="#a86b12" stroke-width="2"/>
          <path d="M51 41.5a6.2 6.2 0 1 0 0 9M39.5 44.5h8M39.5 47.8h8" fill="none" stroke="#6b4206" stroke-width="2"
                stroke-linecap="round"/>
        </svg>

        """
}
