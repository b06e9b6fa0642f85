"""The contention model from SimGrid's Python bindings (Debian:
python3-simgrid): host a sends 20 MiB to b and to c at once, and each comm's
finish time is printed. Under network/model:contention with the InfiniBand
rules the two comms share a's card (penalty 2): both end at 0.022761835 s
on tests/smpi/fatpipe-16.xml; SMPI's own model sees no contention on that
platform's FATPIPE links: both end at half that time, 0.011380918 s. The
model comes from the plugin, loaded before the interpreter starts SimGrid:

  LD_PRELOAD=build/lib/libcontention-simgrid.so python3 two_comms.py \
      tests/smpi/fatpipe-16.xml --cfg=network/model:contention

usage: two_comms.py PLATFORM [--cfg=...]  (hosts a, b and c)"""
import sys

from simgrid import Actor, Engine, Host, Mailbox, this_actor

SIZE = 20 * 1024 * 1024


def sender():
    comms = [Mailbox.by_name(h).put_async(f"to {h}", SIZE) for h in ("b", "c")]
    for c in comms:
        c.wait()


def receiver():
    me = this_actor.get_host().name
    Mailbox.by_name(me).get()
    print(f"comm a->{me} finished at {Engine.clock:.9f} s")


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    e = Engine(sys.argv[:1] + sys.argv[2:])
    e.load_platform(sys.argv[1])
    Actor.create("sender", Host.by_name("a"), sender)
    for h in ("b", "c"):
        Actor.create(f"receiver-{h}", Host.by_name(h), receiver)
    e.run()
