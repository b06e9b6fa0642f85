/* s4u_one_comm PLATFORM [--cfg=...]: a plain simulator, through SimGrid's C
 * API, in which host a sends 20 MiB to host b; prints b's receive time in
 * seconds. Built twice (tests/smpi/CMakeLists.txt), linked with the plugin
 * before and after libsimgrid, for profile_link_order.sh. */
#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

#include <stdio.h>

static int payload;

static void sender(int argc, char* argv[])
{
  (void)argc;
  (void)argv;
  sg_mailbox_put(sg_mailbox_by_name("b"), &payload, 20971520);
}

static void receiver(int argc, char* argv[])
{
  (void)argc;
  (void)argv;
  sg_mailbox_get(sg_mailbox_by_name("b"));
  printf("%.9f\n", simgrid_get_clock());
}

int main(int argc, char* argv[])
{
  simgrid_init(&argc, argv);
  if (argc < 2) {
    fprintf(stderr, "usage: %s PLATFORM [--cfg=...]\n", argv[0]);
    return 2;
  }
  simgrid_load_platform(argv[1]);
  sg_actor_create("sender", sg_host_by_name("a"), sender, 0, NULL);
  sg_actor_create("receiver", sg_host_by_name("b"), receiver, 0, NULL);
  simgrid_run();
  return 0;
}
