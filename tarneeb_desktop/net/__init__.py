"""LAN play: a host that owns the table, clients that play one seat each, and discovery.

- :mod:`~tarneeb_desktop.net.protocol`: the ``tarneeb-lan`` messages, their limits and checks.
- :mod:`~tarneeb_desktop.net.host`: :class:`~tarneeb_desktop.net.host.Host`, the only authority.
- :mod:`~tarneeb_desktop.net.client`: :class:`~tarneeb_desktop.net.client.ClientSession`, what a
  window or a headless bot uses to sit at a host's table.
- :mod:`~tarneeb_desktop.net.discovery`: a UDP broadcast beacon and the listener that finds tables.

The wire format is written down in ``docs/protocol.md``.
"""
