import ExpenseSupport

/// A journey by private vehicle that a mileage item pays for: how far, in what, and optionally
/// from where to where. Its amount is computed (`Mileage`), never typed.
public struct Journey: Sendable, Equatable {
    public var distance: Distance
    public var vehicle: Vehicle
    public var from: String?
    public var to: String?

    /// The category of the items that have a journey.
    public static let category = "mileage"

    public init(distance: Distance, vehicle: Vehicle, from: String? = nil, to: String? = nil) {
        self.distance = distance
        self.vehicle = vehicle
        self.from = from
        self.to = to
    }

    /// "123.4 km by car, Munich → Stuttgart"
    public var summary: String {
        var text = "\(distance) km by \(vehicle.rawValue)"
        if from != nil || to != nil { text += ", \(from ?? "…") → \(to ?? "…")" }
        return text
    }
}

/// The rate per kilometre for a vehicle from a day on: the latest one on or before an item's
/// date is the one that pays it.
public struct MileageRate: Sendable, Equatable {
    public var vehicle: Vehicle
    public var validFrom: CalendarDate
    public var perKilometre: Money

    public init(vehicle: Vehicle, validFrom: CalendarDate, perKilometre: Money) {
        self.vehicle = vehicle
        self.validFrom = validFrom
        self.perKilometre = perKilometre
    }

    /// The first day of the rates the database is seeded with (the defaults, `Vehicle.defaultRate`).
    public static let seededFrom = CalendarDate(year: 2000, month: 1, day: 1)!
}
