import ExpenseCore
import ExpenseSupport

/// Rate writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileRateWrites: RateWrites {
    unowned let store: Store

    func setManualRateTolerance(_ tolerance: RateTolerance) throws {
        let statement: SQL = """
            INSERT INTO manual_rate_tolerance (singleton, basis_points) VALUES (1, \(tolerance.basisPoints))
            ON CONFLICT (singleton) DO UPDATE SET basis_points = excluded.basis_points
            """
        try store.db.execute(statement)
    }

    func saveReferenceRate(_ rate: ReferenceRate) throws -> Int {
        let statement: SQL = """
            INSERT INTO exchange_rates (currency, date, per_eur) VALUES (\(rate.currency), \(rate.date), \(rate.perEUR))
            ON CONFLICT (currency, date) DO UPDATE SET per_eur = excluded.per_eur WHERE exchange_rates.per_eur IS DISTINCT FROM excluded.per_eur
            """
        try store.db.execute(statement)
        return store.db.changes
    }

    /// A file's rates are its person's own, answering to no approver: neither held to the legal
    /// maxima nor marked (`taxable` is a team database's).
    func saveAllowanceRate(_ rate: AllowanceRate, taxable: Bool) throws -> Int {
        let statement: SQL = """
            INSERT INTO allowance_rates (country, valid_from, full_day, partial_day, currency) VALUES (\(rate.country.code), \(rate.validFrom), \(rate.fullDay.minorUnits), \(rate.partialDay.minorUnits), \(rate.currency))
            ON CONFLICT (country, place, valid_from) DO UPDATE
            SET full_day = excluded.full_day, partial_day = excluded.partial_day, currency = excluded.currency
            WHERE allowance_rates.full_day <> excluded.full_day OR allowance_rates.partial_day <> excluded.partial_day
               OR allowance_rates.currency <> excluded.currency
            """
        try store.db.execute(statement)
        return store.db.changes
    }

    func setMileageRate(_ rate: MileageRate, taxable: Bool) throws -> Bool {
        let statement: SQL = """
            INSERT INTO mileage_rates (vehicle, valid_from, rate_minor, currency) VALUES (\(rate.vehicle.rawValue), \(rate.validFrom), \(rate.perKilometre.minorUnits), \(rate.perKilometre.currency))
            ON CONFLICT (vehicle, valid_from) DO UPDATE SET rate_minor = excluded.rate_minor, currency = excluded.currency
            WHERE mileage_rates.rate_minor IS NOT excluded.rate_minor OR mileage_rates.currency IS NOT excluded.currency
            """
        try store.db.execute(statement)
        return store.db.changes > 0
    }

    func setVATRate(_ row: Store.VATRateRow) throws -> Bool {
        try store.db.execute(
            """
            INSERT INTO vat_rates (country, valid_from, valid_to, rate_hundredths)
            VALUES (\(row.country.code), \(row.validFrom), \(row.validTo), \(Int64(row.rate.hundredths)))
            ON CONFLICT (country, rate_hundredths, valid_from) DO UPDATE SET valid_to = excluded.valid_to
            WHERE vat_rates.valid_to IS NOT excluded.valid_to
            """ as SQL)
        return store.db.changes > 0
    }

    func setStop(_ place: TripPlace?, on day: CalendarDate, of report: Report, by actor: UserName) throws {
        let statement: SQL =
            if let place {
                """
                INSERT INTO report_stops (report_id, date, country, place) VALUES (\(report.id), \(day), \(place.country.code), \(place.place))
                ON CONFLICT (report_id, date) DO UPDATE SET country = excluded.country, place = excluded.place
                """
            } else {
                "DELETE FROM report_stops WHERE report_id = \(report.id) AND date = \(day)"
            }
        try store.db.execute(statement)
        try store.logEvent(
            report.id, actor: actor, action: Store.stopAction(day, place), from: report.status, to: report.status, reason: "")
    }

    func setMeals(_ meals: ProvidedMeals, paid: MealsPaid, on day: CalendarDate, of report: Report, by actor: UserName) throws {
        let statement: SQL =
            if meals.isEmpty {
                "DELETE FROM report_meals WHERE report_id = \(report.id) AND date = \(day)"
            } else {
                """
                INSERT INTO report_meals (report_id, date, breakfast, lunch, dinner, breakfast_paid, lunch_paid, dinner_paid)
                VALUES (\(report.id), \(day), \(Store.mealValues(meals)), \(paid.breakfast), \(paid.lunch), \(paid.dinner))
                ON CONFLICT (report_id, date) DO UPDATE SET breakfast = excluded.breakfast, lunch = excluded.lunch,
                    dinner = excluded.dinner, breakfast_paid = excluded.breakfast_paid, lunch_paid = excluded.lunch_paid,
                    dinner_paid = excluded.dinner_paid
                """
            }
        try store.db.execute(statement)
        try store.logEvent(
            report.id, actor: actor, action: Store.mealsAction(day, meals, paid), from: report.status, to: report.status, reason: "")
    }

    func setLodgingNight(_ flat: Bool, on day: CalendarDate, of report: Report, by actor: UserName) throws {
        let statement: SQL =
            flat
            ? "INSERT INTO report_nights (report_id, date) VALUES (\(report.id), \(day)) ON CONFLICT (report_id, date) DO NOTHING"
            : "DELETE FROM report_nights WHERE report_id = \(report.id) AND date = \(day)"
        try store.db.execute(statement)
        try store.logEvent(
            report.id, actor: actor, action: Store.nightAction(day, flat), from: report.status, to: report.status, reason: "")
    }

    func setOfficeTime(_ starts: LocalDateTime, ends: LocalDateTime?, of report: Report, by actor: UserName) throws {
        let statement: SQL =
            if let ends {
                "INSERT INTO report_office (report_id, starts, ends) VALUES (\(report.id), \(starts.description), \(ends.description))"
            } else {
                "DELETE FROM report_office WHERE report_id = \(report.id) AND starts = \(starts.description)"
            }
        try store.db.execute(statement)
        try store.logEvent(
            report.id, actor: actor, action: Store.officeAction(starts, ends), from: report.status, to: report.status, reason: "")
    }

    func freeze(_ perDiems: ReportPerDiems, of reportID: Int64) throws {
        for day in perDiems.days {
            let perDiem = day.perDiem
            let table = perDiem.table
            let conversion = day.conversion
            let paid = perDiem.paid
            let share = perDiem.share
            let statement: SQL = """
                INSERT INTO report_allowances (report_id, date, country, kind, breakfast, lunch, dinner, valid_from, full_day,
                    partial_day, currency, rate_minor, deductions_minor, amount_minor, rate, rate_date, rate_source, converted_minor,
                    place, basis, rule, absence_minutes, breakfast_paid, lunch_paid, dinner_paid, lodging_minor,
                    lodging_converted_minor, shared_report, shared_minor, elsewhere_minor)
                VALUES (\(reportID), \(perDiem.date), \(perDiem.country.code), \(perDiem.kind.rawValue), \(Store.mealValues(perDiem.meals)), \(table.validFrom), \(table.fullDay.minorUnits), \(table.partialDay.minorUnits), \(table.currency), \(perDiem.rate.minorUnits), \(perDiem.deductions.minorUnits), \(perDiem.amount.minorUnits), \(conversion.rate), \(conversion.rateDate), \(conversion.source.rawValue), \(conversion.converted.minorUnits), \(perDiem.place ?? ""), \(perDiem.basis.rawValue), \(perDiem.rule?.rawValue ?? ""), \(perDiem.absenceMinutes.map(Int64.init)), \(paid.breakfast), \(paid.lunch), \(paid.dinner), \(perDiem.lodging.minorUnits), \(day.lodgingConversion?.converted.minorUnits ?? 0), \(share?.report), \(share?.combined.minorUnits ?? 0), \(share?.elsewhere.minorUnits ?? 0))
                """
            try store.db.execute(statement)
        }
    }
}
