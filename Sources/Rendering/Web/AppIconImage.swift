/// The app's icon as the web app's manifest lists it (192 and 512 pixels, PNG, as Chromium's
/// install prompt and splash screen want): the receipt and the coin of the desktop's SVG icon
/// (Sources/ExpenseApp/Resources/expenses.svg) on a rounded square of the theme's colour, so it
/// reads on a phone's home screen whatever the wallpaper. Drawn here, not converted at build
/// time, so the build needs no image tool; each pixel is 3×3 samples, for smooth edges.
public enum AppIconImage {
    /// The theme colour behind the receipt; the manifest's `theme_color` is the same.
    public static let background: Colour = (0x1F, 0x5F, 0x8B)

    public typealias Colour = (red: UInt8, green: UInt8, blue: UInt8)

    /// The icon as a PNG file of `size` by `size` pixels.
    public static func png(size: Int) -> [UInt8] { image(size: size).encoded() }

    public static func image(size: Int) -> PNGImage {
        var image = PNGImage(width: size, height: size)
        let samples = 3
        let step = 1.0 / Double(size * samples)
        for y in 0..<size {
            for x in 0..<size {
                var red = 0.0
                var green = 0.0
                var blue = 0.0
                var covered = 0.0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let u = (Double(x * samples + sx) + 0.5) * step
                        let v = (Double(y * samples + sy) + 0.5) * step
                        guard let colour = colour(u, v) else { continue }
                        red += Double(colour.red)
                        green += Double(colour.green)
                        blue += Double(colour.blue)
                        covered += 1
                    }
                }
                guard covered > 0 else { continue }
                image[x, y] = (
                    UInt8((red / covered).rounded()), UInt8((green / covered).rounded()), UInt8((blue / covered).rounded()),
                    UInt8((covered / Double(samples * samples) * 255).rounded())
                )
            }
        }
        return image
    }

    /// The colour at a point of the unit square (0,0 top left), the topmost shape's; nil outside
    /// the rounded square.
    static func colour(_ u: Double, _ v: Double) -> Colour? {
        guard roundedSquare(u, v, radius: 0.18) else { return nil }
        let coinX = 0.66
        let coinY = 0.69
        let coin = ((u - coinX) * (u - coinX) + (v - coinY) * (v - coinY)).squareRoot()
        if coin <= 0.165 {
            if coin >= 0.14 { return (0xA8, 0x6B, 0x12) }  // the rim
            if coin <= 0.085, coin >= 0.06, u < coinX + 0.04 { return (0x6B, 0x42, 0x06) }  // a "C" of the euro sign
            if abs(v - coinY + 0.017) < 0.009 || abs(v - coinY + 0.017 - 0.035) < 0.009, u > coinX - 0.11, u < coinX + 0.02 {
                return (0x6B, 0x42, 0x06)  // its two bars
            }
            return (0xF5, 0xB8, 0x2E)
        }
        if receipt(u, v) {
            let left = 0.33
            // Its lines: three of text, then the total, darker.
            for (top, length) in [(0.27, 0.26), (0.35, 0.18), (0.43, 0.22)]
            where v >= top && v < top + 0.035 && u >= left && u < left + length {
                return (0x8A, 0x94, 0xA3)
            }
            if v >= 0.55, v < 0.595, u >= left, u < left + 0.14 { return (0x2E, 0x34, 0x40) }
            return (0xFF, 0xFF, 0xFF)
        }
        return background
    }

    /// The receipt: a tall sheet whose foot is torn in a zigzag.
    static func receipt(_ u: Double, _ v: Double) -> Bool {
        guard u >= 0.26, u <= 0.64, v >= 0.15 else { return false }
        let period = 0.076
        let phase = ((u - 0.26).truncatingRemainder(dividingBy: period)) / period
        let tooth = 0.035 * (1 - abs(phase * 2 - 1))
        return v <= 0.80 - tooth
    }

    static func roundedSquare(_ u: Double, _ v: Double, radius: Double) -> Bool {
        let dx = max(radius - u, u - (1 - radius), 0)
        let dy = max(radius - v, v - (1 - radius), 0)
        return dx * dx + dy * dy <= radius * radius
    }
}
