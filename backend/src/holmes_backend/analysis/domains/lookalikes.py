"""Look-alike e-mail domains: a message sent from a domain one or two characters away from a
domain the case otherwise knows for that correspondent ("brightwell-supp1y.com" beside
"brightwell-supply.com"), the mark of a spoofed sender in payment-diversion and invoice fraud.
A witness's word that the message came from the correspondent's usual address ("it came from
their usual address") is contradicted by it.

Domains are read from the e-mails' addresses (senders, recipients, copies) and from the text
("our only domain is brightwell-supply.com"). Of two look-alikes, the one fewer files use
(later, on a tie) is the suspect one; a domain shorter than MIN_LENGTH is too short to tell."""

import re

MIN_LENGTH = 8
_ADDRESS = re.compile(r"@(?P<domain>[a-z0-9-]+(?:\.[a-z0-9-]+)+)", re.IGNORECASE)
_DOMAIN = re.compile(
    r"(?<![@\w.-])(?P<domain>[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|co\.uk|org\.uk|"
    r"io|biz|info|eu|de|fr|nl|es|it|ie|ch|at|be|se|no|dk|fi|pl|cz|au|nz|ca|us|in|sg|hk|jp|"
    r"example))\b",
    re.IGNORECASE,
)
_NEAR = 2


# Two-part public suffixes: the name registered under "co.uk" is the label before them.
_SECOND_LEVEL = frozenset({"co", "org", "ac", "gov", "com", "net", "ltd", "plc", "me"})


_USUAL = re.compile(
    r"\b(?:usual|normal|regular|known|genuine|correct|same|real|proper|legitimate|"
    r"recogni[sz]ed|right)\s+(?:\w+\s+)?(?:e-?mail\s+)?(?:address|domain|e-?mail\s+account)\b",
    re.IGNORECASE,
)
