"""Rules of each analysis domain, shared by the analysts and by the stages that re-derive them."""
