"""Online entries (#34 item 2): the public entry form, the fee table, the arbiter's list."""
