"""One supplier invoice paid twice weeks apart: under its number with a letter added, or under
its own date again (anomalies.duplicates), against the clerk's word that nothing is paid
twice."""

_PAID = (
    "Paid on,Vendor,Inv No,Inv. date,Net amount,Authorised\n"
    "2026-03-02,Pellow Catering Ltd,PC/7781,2026-02-20,2415.50,R. Oakes\n"
    "2026-03-04,Dunmere Print,DP-118,2026-02-25,380.00,R. Oakes\n"
    "2026-03-30,Pellow Catering Ltd,PC/7781B,2026-02-20,2415.50,R. Oakes\n"
    "2026-04-03,Dunmere Print,DP-131,2026-03-27,380.00,R. Oakes\n"
    "2026-04-14,Stanway Couriers,SC-4410,2026-03-12,1190.00,R. Oakes\n"
    "2026-05-12,Stanway Couriers,SC-4482,2026-03-12,1190.00,R. Oakes\n"
)
