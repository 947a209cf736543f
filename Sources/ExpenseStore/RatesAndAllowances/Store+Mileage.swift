import ExpenseCore
import ExpenseSupport

extension Store {
    /// Every mileage rate, by vehicle and then from when it applies.
    public func mileageRates() throws -> [MileageRate] {
        try db.query("SELECT \(Self.mileageRateColumns) FROM mileage_rates ORDER BY vehicle, valid_from", Self.mileageRate)
    }

    static let mileageRateColumns: SQL = "vehicle, valid_from, rate_minor, currency"

    /// A mileage rate of its row (`mileageRateColumns`).
    static func mileageRate(_ row: Row) throws -> MileageRate {
        let stored = StoredRow(row, table: "mileage_rates", key: .columns(0, 1))
        return MileageRate(
            vehicle: try stored.value(0, as: Vehicle.self), validFrom: try stored.date(1),
            perKilometre: try stored.money(2, in: try stored.currency(3)))
    }

    /// The rate that pays `vehicle` on `date`: the latest one from that day or before.
    public func mileageRate(_ vehicle: Vehicle, on date: CalendarDate) throws -> MileageRate {
        let found = try db.queryFirst(
            """
            SELECT \(Self.mileageRateColumns) FROM mileage_rates WHERE vehicle = \(vehicle.rawValue) AND valid_from <= \(date)
            ORDER BY valid_from DESC LIMIT 1
            """, Self.mileageRate)
        guard let found else {
            throw ExpenseError(
                .notFound, .noMileageRate(vehicle: vehicle.rawValue, on: date.description),
                "no mileage rate for a \(vehicle.rawValue) on \(date)")
        }
        return found
    }

    /// `journey`'s amount on `date`: its distance times the rate of its vehicle then.
    public func mileageAmount(_ journey: Journey, on date: CalendarDate) throws -> Money {
        try Mileage.amount(journey.distance, ratePerKilometre: try mileageRate(journey.vehicle, on: date).perKilometre)
    }

    /// Sets a vehicle's rate from a day on (replacing that day's); on a team database only
    /// finance may, and a rate above the tax-free one only `taxable` (see `saveAllowanceRates`).
    /// Returns whether anything changed.
    @discardableResult
    public func setMileageRate(_ rate: MileageRate, taxable: Bool = false) throws -> Bool {
        guard rate.perKilometre.minorUnits > 0, rate.perKilometre.minorUnits <= Schema.maximumMileageRateMinor else {
            throw ExpenseError(
                .invalidData, "invalid mileage rate \(rate.perKilometre) a km: it must be more than zero",
                hint: "give the rate per kilometre, e.g. 0.30")
        }
        return try write { try writes.rates.setMileageRate(rate, taxable: taxable) }
    }
}
