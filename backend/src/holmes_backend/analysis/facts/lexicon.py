"""Word lists the rules lean on. General vocabulary of finance, law and investigation only."""

import unicodedata

# Letters that carry no separable accent, and what they are written as without one.
_UNACCENTED = str.maketrans(
    {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ħ": "h",
     "Ħ": "H", "\u0131": "i", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th",
     "Þ": "TH"}
)  # fmt: skip


def wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


def fold(text: str) -> str:
    """The text without accents ("Łukasz" → "Lukasz"), as lists and card records hold words."""
    if text.isascii():
        return text
    parts = unicodedata.normalize("NFKD", text.translate(_UNACCENTED))
    return "".join(c for c in parts if not unicodedata.combining(c))


HONORIFICS = wordset(
    "mr mrs ms miss mx dr prof professor sir dame lord lady hon judge justice det detective "
    "officer sgt sergeant lt lieutenant capt captain agent inspector rev father sister atty "
    "counsel chief pc dc ds di cst const constable cpl corporal insp supt superintendent trooper "
    "deputy marshal councillor councilor cllr alderman alderwoman mayor senator sen governor "
    "minister ambassador"
)
# Legal-form suffix → its class: a dotted form is the undotted one ("L.L.C." is "LLC").
ORG_SUFFIXES = {
    form: form.replace(".", "")
    for form in wordset(
        "inc corp co llc l.l.c ltd plc llp lp l.p gmbh ag sa s.a nv n.v bv b.v hb srl spa pty pte "
        "oy ab as kg n.a na pc pllc sarl sas ltda aps asa kk sro s.r.o bvba oyj a.s zrt kft d.o.o "
        "doo jsc ooo bhd s.l sl sprl s.p.a"
    )
} | {
    "incorporated": "inc",
    "corporation": "corp",
    "company": "co",
    "limited": "ltd",
    "pjsc": "jsc",
    "a/s": "as",
}
ORG_HEADS = wordset(
    "university college bank department ministry office bureau board institute school "
    "government state city county commonwealth republic kingdom people"
)
PLACE_WORDS = wordset(
    "hotel motel inn street st avenue ave road rd boulevard blvd lane ln drive way highway "
    "airport station terminal park mall center centre plaza square bridge marina harbor harbour "
    "port pier dock restaurant cafe café bar pub club building tower warehouse garage beach lake "
    "river mountain hall arena stadium casino theater theatre gallery museum library market "
    "apartments residence estate farm ranch campus parkway court-house courthouse "
    # Not words that are also surnames (Hill, Grove, Bay): context tells those places apart.
    "terrace village flats heights valley creek springs falls gardens crossing junction basin "
    "canyon meadows crescent circle alley quay wharf trail turnpike expressway freeway route "
    "township borough isle cove place point commons box city"
)
# Kinds of business: a capitalised phrase ending in one names a firm ("Northside Hardware Supply").
BUSINESS_WORDS = wordset(
    "grill diner bistro eatery tavern bakery deli pizzeria steakhouse brewery winery "
    "supply supplies store stores shop shops outlet mart boutique pharmacy drugstore "
    "hardware lumber depot wholesale wholesalers distributors distribution traders trading "
    "services consulting consultants holdings group partners logistics freight transport "
    "shipping couriers haulage movers trucking rentals leasing motors automotive "
    "salon spa barbers cleaners laundry laundromat printers printing plumbing electric "
    "roofing landscaping contractors builders developers imports exports manufacturing "
    "foods farms dairy catering brands outfitters apparel jewelers "
    "realtors agency studios labs industries enterprises ventures capital "
    "insurance investments financial advisors associates solutions systems technologies "
    "cards card payments fuels petroleum telecom wireless airways railways express "
    "restaurants cafes hotels travel taxi taxis cabs minicabs tours "
    "parcels textiles fabrics yarns plastics metals chemicals timber joinery glazing "
    "interiors kitchens windows removals packaging parts "
    "electrical electrics electricians engineering maintenance cleaning security scaffolding "
    "hire recycling practice surgery medical dental dentists opticians chemists veterinary "
    "solicitors"
)
# Bodies and institutions; a phrase ending in one names an organisation ("Kestrel Trust").
ORG_WORDS = BUSINESS_WORDS | wordset(
    "bank university college institute school hospital hospice clinic trust foundation "
    "association authority commission committee council board court department ministry police "
    "office bureau fund technology media construction properties realty securities exchange "
    "international global partnership firm society union federation church airlines energy "
    "pharmaceuticals bancorp credit management studio network registry directorate secretariat "
    "inspectorate tribunal parliament congress senate assembly administration division unit "
    "branch taskforce panel service payable receivable cu fcu mutual cooperative co-operative "
    "team"
)
# Venues named by their kind first ("Hotel Maasoever", "Café Central").
VENUE_HEADS = wordset(
    "hotel motel hostel inn restaurant ristorante trattoria osteria brasserie bistro cafe café "
    "pub pizzeria taverna auberge gasthaus"
)
# Desks and shared mailboxes an e-mail or a signature names instead of a person ("Front Office").
DEPARTMENT_WORDS = wordset(
    """
    reservations reservation bookings booking reception front back head main box desk helpdesk
    help support info information enquiries enquiry inquiries inquiry sales accounts billing
    invoicing orders admin office offices noreply no-reply donotreply notifications alerts
    newsletter contact contacts customer customers service services care hr payroll
    marketing press operations dispatch shipping returns purchasing procurement recruitment
    careers jobs webmaster postmaster mailer guest relations finance accounting legal compliance
    facilities treasury audit internal
    """
)
# Job titles and roles: the head of a phrase that names a function ("Court Reporter").
ROLE_WORDS = wordset(
    "reporter reporters stenographer officer officers clerk clerks manager managers director "
    "directors witness witnesses counsel attorney attorneys lawyer lawyers solicitor barrister "
    "examiner examiners notary judge judges magistrate bailiff marshal sheriff deputy agent "
    "agents analyst analysts accountant accountants auditor auditors bookkeeper secretary "
    "secretaries president vice chair chairman chairwoman chairperson treasurer controller "
    "comptroller commissioner administrator coordinator supervisor superintendent inspector "
    "investigator detective technician specialist consultant representative trustee receiver "
    "custodian executor guardian mediator arbitrator paralegal assistant associate founder "
    "employee cashier dispatcher operator physician surgeon pharmacist "
    "engineer architect contractor landlord tenant borrower lender buyer seller vendor "
    "customer client "
    "spokesperson spokesman spokeswoman translator interpreter registrar recorder ombudsman "
    "ceo cfo coo cto cio vp public general "
    "hostess waitress bartender receptionist interviewer interviewee moderator presenter "
    "announcer correspondent journalist narrator attendant concierge doorman nurse paramedic "
    "juror jurors panelist caller visitor"
)
# Descriptions that name nobody on their own ("Unidentified male"); apart from ROLE_WORDS as
# several are also surnames ("Minnie Driver").
PERSON_DESCRIPTIONS = wordset(
    """
    host guest guests driver server waiter guard guards speaker speakers doctor patient student
    teacher passenger pilot owner resident neighbor neighbour friend colleague member staff crew
    security victim suspect subject occupant individual participant attendee voice voices man
    men woman women male female boy girl child adult people person persons unidentified unknown
    unnamed anonymous another other older younger elderly night day front senior junior
    """
)
# Programmes, projects and plans: named things, not people ("Vendor Onboarding Program").
PROGRAMME_WORDS = wordset(
    "program programme programs programmes project projects initiative initiatives scheme "
    "campaign plan plans platform portal protocol procedure procedures framework"
)
# Words that end a heading or a table label, never a personal name ("Texas Total").
TRAILING_NOT_NAMES = (
    wordset(
        "present absent total totals subtotal summary date dates page pages exhibit exhibits "
        "appendix schedule attachment annex table figure chart index notes note report reports "
        "statement statements balance overview review section part item items list log record "
        "records only continued cont contd pending approved denied yes no n/a tbd none other "
        "misc miscellaneous unknown various register registers"
    )
    | PROGRAMME_WORDS
)
# US states and countries (not those that are given names: Georgia, Jordan).
REGIONS = wordset(
    """
    alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii
    idaho illinois iowa kansas kentucky louisiana maine maryland massachusetts michigan
    minnesota mississippi missouri nebraska nevada ohio oklahoma oregon pennsylvania
    tennessee texas utah vermont wisconsin wyoming
    afghanistan albania algeria argentina armenia australia austria azerbaijan bahrain
    bangladesh belarus belgium bolivia bosnia botswana brazil bulgaria cambodia cameroon canada
    colombia croatia cyprus denmark ecuador egypt estonia ethiopia finland france germany
    ghana greece guatemala honduras hungary iceland indonesia iran iraq ireland italy jamaica
    japan kazakhstan korea kuwait laos latvia lebanon libya lithuania luxembourg malaysia malta
    mexico moldova mongolia morocco mozambique myanmar namibia nepal netherlands nicaragua
    nigeria norway oman pakistan panama paraguay peru philippines poland portugal qatar
    romania russia rwanda scotland senegal serbia singapore slovakia slovenia somalia spain
    sudan sweden switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine
    uruguay uzbekistan venezuela vietnam wales yemen zambia zimbabwe england britain
    """
)
# What a bank writes before the other party in a statement's narrative ("SEPA CR ACME LTD").
PAYMENT_CODES = wordset(
    "sepa cr dr dd so sto bgc fpi fpo tfr trf pos atm chq bacs chaps ach swift giro inward "
    "outward incoming outgoing inbound outbound wire wires transfer payment card purchase direct "
    "debit credit standing order to from zelle venmo paypal cashapp eft"
)
NAME_CONNECTORS = wordset("de du da del der van von la le di dos bin al st.")
STOPWORDS = wordset(
    """
    a an the and or but if then else of to in on at by for with from as is are was were be been
    being this that these those it its he she they them his her their we our you your i me my
    not no yes all any some each such there here what which who whom whose when where why how
    do does did done have has had will would shall should may might can could must about into
    over under after before between during than so very also only just more most other same
    own both few many much one two three upon per via within without against among
    """
)
# Capitalised words that are not parts of personal names: these, stop words, roles, headings.
NOT_NAMES = (
    wordset(
        """
        january february march april june july august september october november december monday
        tuesday wednesday thursday friday saturday sunday today yesterday tomorrow every since until
        following pursuant notwithstanding whereas therefore however accordingly thus now hereby
        herein agreement contract article clause party parties company corporation court plaintiff
        defendant petitioner respondent appellant appellee deponent affiant declarant supplier
        employer licensor licensee board state states united county city street avenue road north
        south east west new net gross amount invoice payment account bank transfer wire re subject
        dear sincerely regards thanks please fiscal quarter year chief financial executive operating
        justice honorable supreme district circuit appeals federal constitution amendment act code
        rule rules law equal protection due process government department police evidence photo
        image video audio transcript deposition affidavit declaration interview question answer q mr
        mrs ms dr sales income revenue revenues expenses assets liabilities equity cash loss profit
        four five six seven eight nine ten first second third last next holdings limited inc llc ltd
        corp co plc group trust university committee council america europe asia africa internet
        email e-mail phone mobile fax web website www confidential privileged draft final copy
        original signed sworn subscribed enclosure reference ref id number grand monthly weekly
        daily annual annually common stock preferred shares class series member release immediate
        press reporting person persons symbol trading dated contact business news media investor
        relations consolidated unaudited audited comparable store stores fourth results announcement
        announces announced safe harbor litigation reform private forward-looking securities
        exchange commission form filing filed amici curiae curiam ibid supra syllabus held opinion
        dissent concurrence certiorari writ weeks ended ending months years period periods see cf
        accord contra compare unlike citing quoting supp arg cir cty bd educ dept dist stat infra
        cert app plaintiffs defendants petitioners respondents appellants appellees amicus brief hi
        hello hey welcome greetings cheers goodbye bye insured policyholder claimant complainant
        applicant accused suspect victim saw met told asked called thank spoke
        """
    )
    | STOPWORDS
    | ROLE_WORDS
    | TRAILING_NOT_NAMES
    # Car makes that are no surnames (not Ford, Lincoln, Morgan).
    | wordset(
        "toyota vauxhall volkswagen vw bmw audi honda nissan hyundai kia peugeot renault fiat "
        "skoda škoda mercedes volvo mazda tesla jeep chevrolet chevy citroen citroën suzuki "
        "mitsubishi subaru lexus porsche opel chrysler cadillac buick infiniti acura yamaha"
    )
)
FINANCIAL_WORDS = wordset(
    """
    amount amounts payment payments paid pay payable invoice invoices transfer transfers wire
    wired deposit deposits withdrawal withdrawals balance balances account accounts bank banking
    ledger revenue revenues sales income expense expenses profit profits loss losses assets
    liabilities equity shares share stock stocks price prices transaction transactions securities
    dividend dividends earnings cash tax taxes fiscal quarter quarterly loan loans interest credit
    debit fee fees audit audited financial finance net gross margin capital investment investments
    investor investors fund funds payroll receivable receivables inventory depreciation
    amortization valuation billing billed refund reimbursement expenditure budget cost costs
    purchase purchased sold sale trading trade owner ownership beneficial derivative option
    options exercise acquired disposed holding holdings currency usd eur dollars remittance
    statement statements operating diluted basic weighted outstanding
    """
)
LEGAL_WORDS = wordset(
    """
    agreement agreements contract contracts clause clauses party parties shall hereby whereas
    herein thereof hereto court courts plaintiff plaintiffs defendant defendants petitioner
    respondent respondents appellant appellee statute statutes section jurisdiction governing
    law laws breach liability liable indemnify indemnification judgment judgments opinion
    appeal appeals counsel attorney attorneys constitutional constitution amendment held
    holding precedent regulation regulations compliance motion order filed litigation
    lawsuit claim claims damages remedy remedies injunction statutory legal legally
    obligation obligations covenant covenants warranty warranties termination terminate
    enforceable arbitration venue plaintiff's defendant's certiorari remanded vacated affirmed
    reversed dissent dissenting concurring justice justices supreme circuit district
    scrutiny clause equal protection due process precedents license licensee licensor lease
    amended executed signatory witnesseth consent approval approvals
    """
)
EVIDENCE_WORDS = wordset(
    """
    photo photograph photos image images video videos footage recording recordings recorded
    camera cctv witness witnesses saw seen observed scene evidence exhibit custody seized
    collected timestamp timestamps gps location located deposition testimony testified sworn
    oath affidavit declaration interview interviewed incident police officer officers detective
    report suspect victim forensic forensics fingerprint dna phone cell messages message text
    texts call calls log logs badge entry exit arrived left met meeting seal sealed bag hash
    investigator investigation statement perjury transcript transcripts
    """
)
STRATEGY_WORDS = wordset(
    """
    strategy strategic recommend recommendation recommendations next steps plan planning memo
    memorandum theory investigate priority priorities action actions risk risks options
    approach objective objectives settlement negotiate negotiation tactics tactical leverage
    assessment prioritize pursue consider propose proposal deadline deadlines todo task tasks
    weakness weaknesses strengths opportunity
    """
)
