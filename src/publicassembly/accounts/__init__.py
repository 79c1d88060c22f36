"""Towns (tenants), users, and the roles users hold in each town."""
