"""Inputs of scripts/validate.py: the dataset list, the papers' data files
(scenario XML, doc/scenario.md) and the testbed platforms. Every bad input
raises InputError with a one-line message naming the file and line."""
import os
import re
import xml.etree.ElementTree as ET
from fractions import Fraction


class InputError(Exception):
    pass


# SimGrid's suffixes that the data files and the generator's platforms use.
_SIZE = {"": 1, "B": 1, "kB": 1e3, "KiB": 1024, "MB": 1e6, "MiB": 1048576, "GB": 1e9, "GiB": 1073741824}
_BW = {"": 1, "Bps": 1, "kBps": 1e3, "KiBps": 1024, "MBps": 1e6, "MiBps": 1048576, "GBps": 1e9,
       "GiBps": 1073741824, "bps": 0.125, "kbps": 125, "Mbps": 1.25e5, "Gbps": 1.25e8}
_TIME = {"": 1, "s": 1, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


def quantity(text, units, where):
    m = re.fullmatch(r"\s*([0-9.]+(?:[eE][-+]?[0-9]+)?)\s*([A-Za-z]*)\s*", text or "")
    if not m or m.group(2) not in units:
        raise InputError(f"{where}: '{text}' is not a quantity (a number with a suffix among "
                         f"{', '.join(u for u in units if u)})")
    return float(m.group(1)) * units[m.group(2)]


class Dataset:
    def __init__(self, name, testbed, path, unit, expect_mbps, paper_predicted, paper_eabs, where):
        self.name, self.testbed, self.path, self.unit = name, testbed, path, unit
        self.expect_mbps, self.paper_predicted, self.paper_eabs = expect_mbps, paper_predicted, paper_eabs
        self.where = where
        self.comms = []          # dicts: id, src, dst, size (text), bytes, measured
        self.racks = {}          # host -> rack name (data file's <host rack=...>)
        self.bandwidth = None    # the data file's bandwidth, B/s


class Testbed:
    def __init__(self, name, platform, technology, where):
        self.name, self.platform, self.technology, self.where = name, platform, technology, where


def load_manifest(path, root):
    """Returns (testbeds by name, datasets in file order)."""
    testbeds, datasets = {}, []
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise InputError(f"{path}: cannot read the dataset list: {e.strerror}")
    for n, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        where = f"{path}:{n}"
        if not words:
            continue
        if words[0] == "testbed":
            if len(words) != 4:
                raise InputError(f"{where}: expected 'testbed NAME PLATFORM TECHNOLOGY'")
            testbeds[words[1]] = Testbed(words[1], os.path.join(root, words[2]), words[3], where)
        elif words[0] == "dataset":
            datasets.append(_dataset(words, where, testbeds, root))
        else:
            raise InputError(f"{where}: unknown entry '{words[0]}' (accepted: testbed, dataset)")
    if not datasets:
        raise InputError(f"{path}: no dataset")
    return testbeds, datasets


def _dataset(words, where, testbeds, root):
    if len(words) < 4:
        raise InputError(f"{where}: expected 'dataset NAME TESTBED DATA-FILE [key=value...]'")
    name, testbed, data = words[1:4]
    if testbed not in testbeds:
        raise InputError(f"{where}: unknown testbed '{testbed}' (declared: {', '.join(testbeds) or 'none'})")
    opts = {"unit": "s"}
    for w in words[4:]:
        key, eq, value = w.partition("=")
        if not eq or key not in ("unit", "expect-mbps", "paper-predicted", "paper-eabs"):
            raise InputError(f"{where}: bad option '{w}' (accepted: unit=s|tref, expect-mbps=X, "
                             "paper-predicted=T,T,..., paper-eabs=E)")
        opts[key] = value
    if opts["unit"] not in ("s", "tref"):
        raise InputError(f"{where}: unit={opts['unit']}: accepted values are s, tref")
    try:
        mbps = float(Fraction(opts["expect-mbps"])) if "expect-mbps" in opts else None
        predicted = [float(t) for t in opts["paper-predicted"].split(",")] if "paper-predicted" in opts else None
        eabs = float(opts["paper-eabs"]) if "paper-eabs" in opts else None
    except (ValueError, ZeroDivisionError) as e:
        raise InputError(f"{where}: bad number in {' '.join(words[4:])}: {e}")
    ds = Dataset(name, testbed, os.path.join(root, data), opts["unit"], mbps, predicted, eabs, where)
    _load_data(ds)
    return ds


def _load_data(ds):
    try:
        tree = ET.parse(ds.path)
    except (OSError, ET.ParseError) as e:
        raise InputError(f"{ds.where}: cannot read data file {ds.path}: {e}")
    root = tree.getroot()
    ds.bandwidth = quantity(root.get("bandwidth"), _BW, f"{ds.path}: attribute bandwidth")
    for h in root.iter("host"):
        ds.racks[h.get("id")] = h.get("rack")
    for c in root.iter("comm"):
        what = f"{ds.path}: comm '{c.get('id')}'"
        comm = {k: c.get(k) for k in ("id", "src", "dst", "size")}
        if None in comm.values():
            raise InputError(f"{what}: needs id, src, dst and size")
        if c.get("start", "0") not in ("0", "0s"):
            raise InputError(f"{what}: start times are not supported by the validation (all comms start together)")
        comm["bytes"] = quantity(comm["size"], _SIZE, f"{what}: size")
        if ds.expect_mbps is not None:
            comm["measured"] = comm["bytes"] / (ds.expect_mbps * 1e6 / 8)
        elif c.get("measured") is None:
            raise InputError(f"{what}: no measured time (give measured= or expect-mbps= in {ds.where})")
        else:
            comm["measured"] = quantity(c.get("measured"), _TIME, f"{what}: measured")
        ds.comms.append(comm)
    if not ds.comms:
        raise InputError(f"{ds.path}: no comm")
    if ds.paper_predicted is not None and len(ds.paper_predicted) != len(ds.comms):
        raise InputError(f"{ds.where}: paper-predicted has {len(ds.paper_predicted)} times for "
                         f"{len(ds.comms)} comms")


class Platform:
    """What the validation needs of a platform: host groups (one per cluster
    zone, in file order), the node link's bandwidth and latency, and the
    generator options recorded in the header."""

    def __init__(self, path):
        self.path = path
        try:
            text = open(path).read()
            root = ET.fromstring(text)
        except (OSError, ET.ParseError) as e:
            raise InputError(f"{path}: cannot read the platform: {e}")
        m = re.search(r"long option key\):\n +([^\n]*)", text)
        self.gen_options = [tuple(p.split("=", 1)) for p in m.group(1).split()] if m else None
        # The platform style: how the node links share (generator's --sharing).
        self.style = dict(self.gen_options or []).get("sharing", "splitduplex")
        self.groups, self.bw, self.lat = [], None, None
        for cl in root.iter("cluster"):
            lo, hi = (int(x) for x in cl.get("radical").split("-"))
            self.groups.append([f"{cl.get('prefix')}{i}{cl.get('suffix', '')}" for i in range(lo, hi + 1)])
            self._node_link(cl.get("bw"), cl.get("lat", "0s"))
        if not self.groups:
            hosts = [h.get("id") for h in root.iter("host")]
            links = list(root.iter("link"))
            if not hosts or not links:
                raise InputError(f"{path}: neither a <cluster> nor hosts with links")
            self.groups.append(hosts)
            self._node_link(links[0].get("bandwidth"), links[0].get("latency", "0s"))

    def _node_link(self, bw, lat):
        bw = quantity(bw, _BW, f"{self.path}: node bandwidth")
        lat = quantity(lat, _TIME, f"{self.path}: node latency")
        if self.bw is not None and (bw != self.bw or lat != self.lat):
            raise InputError(f"{self.path}: clusters with different node links are not supported")
        self.bw, self.lat = bw, lat

    def place(self, ds):
        """Maps the dataset's hosts to platform hosts: racks (in order of first
        appearance) to host groups, hosts without a rack to the first group,
        hosts to the group's hosts in order of first appearance."""
        racks, used, mapping = {}, [0] * len(self.groups), {}
        for c in ds.comms:
            for h in (c["src"], c["dst"]):
                if h in mapping:
                    continue
                rack = ds.racks.get(h)
                g = racks.setdefault(rack, len(racks)) if rack is not None else 0
                if g >= len(self.groups) or used[g] >= len(self.groups[g]):
                    raise InputError(f"{ds.where}: {ds.path} needs more hosts or racks than {self.path} has")
                mapping[h] = self.groups[g][used[g]]
                used[g] += 1
        return mapping
