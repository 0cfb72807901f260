"""A laptop in the hall (#37): the app served over the venue's local network.

An arbiter's laptop on the hall's Wi-Fi, phones and a second arbiter connecting to it,
often with no internet at all.  ``python -m swissweb.hall`` starts such an instance with
production settings; ``PLAIN_HTTP`` lets it work over plain HTTP, which only an explicit
setting allows, and every page then says the connection is not encrypted; ``/hall/`` is
the sheet to print and pin up, with the address and its QR code.
"""
