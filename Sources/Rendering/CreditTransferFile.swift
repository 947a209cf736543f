import ExpenseCore
import ExpenseSupport

/// A SEPA credit transfer initiation (ISO 20022 `pain.001`) as a bank takes it: one payment
/// information block from the company's account, one transfer per report, the number of
/// transactions and their control sum in the group header and the block alike. Names and texts
/// are written in the EPC's character set (`SEPAText`) and escaped for XML; amounts in euros
/// with two decimals. Both versions German banks take: .09 (the EPC's current rulebook) and .03.
public struct CreditTransferFile: Sendable {
    public var format: PaymentFormat
    public var messageID: String
    /// UTC ISO 8601, as the app stamps events.
    public var createdAt: String
    public var executionDate: CalendarDate
    public var debtor: BankAccount
    public var transfers: [PaymentTransfer]

    public init(
        format: PaymentFormat, messageID: String, createdAt: String, executionDate: CalendarDate, debtor: BankAccount,
        transfers: [PaymentTransfer]
    ) {
        self.format = format
        self.messageID = messageID
        self.createdAt = createdAt
        self.executionDate = executionDate
        self.debtor = debtor
        self.transfers = transfers
    }

    /// The EPC's limits: a name 70 characters, the remittance text 140, an id 35.
    public static let nameLimit = 70
    public static let remittanceLimit = 140
    public static let idLimit = 35

    /// What the transfers add up to, in cents: the control sum.
    public var controlSum: Int64 { transfers.reduce(0) { $0 + $1.amount.minorUnits } }

    public func xml() -> String {
        let v09 = format == .pain00100109
        let sum = Money.format(controlSum, digits: 2, grouping: false)
        let debtorName = Self.name(debtor.holder, fallback: "Company")
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:\(format.rawValue)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <CstmrCdtTrfInitn>
                <GrpHdr>
                  <MsgId>\(Self.id(messageID))</MsgId>
                  <CreDtTm>\(createdAt.xmlEscaped)</CreDtTm>
                  <NbOfTxs>\(transfers.count)</NbOfTxs>
                  <CtrlSum>\(sum)</CtrlSum>
                  <InitgPty><Nm>\(debtorName)</Nm></InitgPty>
                </GrpHdr>
                <PmtInf>
                  <PmtInfId>\(Self.id(messageID))</PmtInfId>
                  <PmtMtd>TRF</PmtMtd>
                  <NbOfTxs>\(transfers.count)</NbOfTxs>
                  <CtrlSum>\(sum)</CtrlSum>
                  <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
                  <ReqdExctnDt>\(v09 ? "<Dt>\(executionDate)</Dt>" : "\(executionDate)")</ReqdExctnDt>
                  <Dbtr><Nm>\(debtorName)</Nm></Dbtr>
                  <DbtrAcct><Id><IBAN>\(debtor.iban.electronic)</IBAN></Id></DbtrAcct>
                  <DbtrAgt>\(agent(debtor.bic) ?? "<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>")</DbtrAgt>
                  <ChrgBr>SLEV</ChrgBr>

            """
        for transfer in transfers {
            xml += """
                      <CdtTrfTxInf>
                        <PmtId><EndToEndId>\(Self.id(transfer.endToEndID))</EndToEndId></PmtId>
                        <Amt><InstdAmt Ccy="EUR">\(Money.format(transfer.amount.minorUnits, digits: 2, grouping: false))</InstdAmt></Amt>

                """
            if let bic = agent(transfer.account.bic) { xml += "        <CdtrAgt>\(bic)</CdtrAgt>\n" }
            xml += """
                        <Cdtr><Nm>\(Self.name(transfer.account.holder, fallback: transfer.owner))</Nm></Cdtr>
                        <CdtrAcct><Id><IBAN>\(transfer.account.iban.electronic)</IBAN></Id></CdtrAcct>
                        <RmtInf><Ustrd>\(SEPAText.written(transfer.remittance, limit: Self.remittanceLimit, fallback: "Report \(transfer.report)").xmlEscaped)</Ustrd></RmtInf>
                      </CdtTrfTxInf>

                """
        }
        xml += """
                </PmtInf>
              </CstmrCdtTrfInitn>
            </Document>

            """
        return xml
    }

    /// A bank's identifier as the version names it (.09 BICFI, .03 BIC); nil without one.
    private func agent(_ bic: BIC?) -> String? {
        guard let bic else { return nil }
        let element = format == .pain00100109 ? "BICFI" : "BIC"
        return "<FinInstnId><\(element)>\(bic.code)</\(element)></FinInstnId>"
    }

    static func name(_ text: String, fallback: String) -> String {
        SEPAText.written(text, limit: nameLimit, fallback: fallback).xmlEscaped
    }

    static func id(_ text: String) -> String {
        SEPAText.written(text, limit: idLimit, fallback: "EXPENSES").xmlEscaped
    }

    /// What the remittance text says of a trip: its title and dates, as the traveller knows it.
    public static func remittance(report id: Int64, title: String, dates: String) -> String {
        let trip = dates.isEmpty ? title : "\(title), \(dates)"
        return SEPAText.written("Expenses report \(id): \(trip)", limit: remittanceLimit, fallback: "Expenses report \(id)")
    }
}
