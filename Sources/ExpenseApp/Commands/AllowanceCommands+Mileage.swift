import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `allowance mileage list|set`: the dated rates per kilometre that mileage
/// items are computed at, shared by a team (on a team database only finance changes them).
extension AllowanceCommands {
    static let mileage: [CommandSpec] = [mileageList, mileageSet]

    enum MileageArguments {
        static let vehicle = Argument<Vehicle>.value("vehicle", "car or motorcycle.")
        static let rate = Argument<String>.value("rate", "The rate per kilometre, e.g. 0.30.")
    }

    enum MileageOptions {
        static let from = Option.date("from", "The first day it applies, YYYY-MM-DD (default: today).")
        static let currency: Option<Currency?> = .value("currency", "The rate's currency (default: EUR).")
        static let taxable = Option.flag(
            "taxable", "On a team database: the rate is meant above the tax-free 0.30 (car) or 0.20 (motorcycle) EUR a km.")
    }

    static let mileageList = CommandSpec(
        ["allowance", "mileage", "list"], abstract: "List the mileage rates per kilometre, by vehicle and from when they apply.",
        discussion: "A mileage item (expense add --category mileage --distance KM) is paid its distance times the rate "
            + "of its vehicle on its date: the latest rate from that day or before. The database starts with the tax-free "
            + "rates, 0.30 EUR a km by car and 0.20 EUR by motorcycle.",
        examples: ["expenses allowance mileage list", "expenses allowance mileage list --format json"]
    ) { _, session in
        let rates = try session.store().mileageRates()
        return .listing(
            Listing(
                columns: [.init("vehicle", "vehicle"), .init("validFrom", "from"), .init("ratePerKm", "rate per km")],
                rows: rates.map { [.text($0.vehicle.rawValue), .date($0.validFrom), .money($0.perKilometre)] }))
    }

    static let mileageSet = CommandSpec(
        ["allowance", "mileage", "set"], abstract: "Set a vehicle's mileage rate per kilometre from a day on.",
        discussion: "Items dated from that day on are computed at it when added, or when their distance, vehicle or day "
            + "is edited; items already added keep their amounts. Setting a rate for a day that has one replaces it. "
            + "On a team database only finance may, a rate above the tax-free one (0.30 EUR a km by car, 0.20 by "
            + "motorcycle) only with --taxable, and every change is logged in the server's rate log; a report computed "
            + "from a rate its owner changed, changed shortly before its submission, or marked taxable has a finding "
            + "for its approver (report check).",
        arguments: [MileageArguments.vehicle, MileageArguments.rate],
        options: [MileageOptions.from, MileageOptions.currency, MileageOptions.taxable],
        examples: [
            "expenses allowance mileage set car 0.30", "expenses allowance mileage set motorcycle 0.20 --from 2027-01-01",
        ]
    ) { invocation, session in
        let currency = try invocation[MileageOptions.currency] ?? CurrencyTable.standard.require("EUR")
        let rate = MileageRate(
            vehicle: try invocation[MileageArguments.vehicle],
            validFrom: try invocation[MileageOptions.from] ?? session.environment.today(),
            perKilometre: try Money.parse(
                try invocation[MileageArguments.rate], currency: currency, decimalMark: session.environment.decimalMark))
        let changed = try session.store().setMileageRate(rate, taxable: invocation[MileageOptions.taxable])
        return .message(
            changed
                ? "Mileage rate for a \(rate.vehicle.rawValue) from \(rate.validFrom): \(rate.perKilometre) a km"
                : "The mileage rate for a \(rate.vehicle.rawValue) from \(rate.validFrom) was \(rate.perKilometre) a km already")
    }
}
