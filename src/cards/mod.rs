//! Card behaviour, one module per product/encounter set.
