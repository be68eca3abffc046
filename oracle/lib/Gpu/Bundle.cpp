//===- Bundle.cpp - Launch bundles, results, cubin kernel facts -----------===//
//
// A launch bundle is a directory:
//   launch.txt     "tilecheck-launch 1", then one fact per line:
//                    origin TEXT
//                    image kernel.cubin | kernel.ptx
//                    kernel NAME
//                    grid X Y Z
//                    block X Y Z          (0 0 0: the kernel's .reqntid)
//                    dynamic-shared N     (-1: the device's maximum minus
//                                          the kernel's static shared)
//                    buffer SIZE contents|zero|uninit readback|discard
//                    param buffer I | param bytes HEX
//   kernel.cubin   or kernel.ptx
//   bufN.bin       the initial bytes of buffer N when it has contents
// and, once run (writeResult):
//   result.txt     "tilecheck-launch-result 1", then status NAME, device
//                  TEXT, median-ms X, times-ms X..., out N outN.bin,
//                  printed printed.txt, and "message N" followed by the N
//                  lines of the message
//   outN.bin       buffer N after the launch
//   printed.txt    what the kernel printed
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Gpu.h"
#include "tilecheck/Support/EnumNames.h"
#include "tilecheck/Support/Fnv1a.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace tilecheck::oracle::gpu {

namespace {

constexpr const char *kStatusNames[] = {
    "ok",   "no-driver", "no-device", "load-failed", "launch-failed", "fault",
    "trap", "timeout",   "error",     "recorded",    "not-recorded"};

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

bool writeFile(const std::string &path, const void *data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return false;
  out.write(static_cast<const char *>(data),
            static_cast<std::streamsize>(size));
  return static_cast<bool>(out);
}

std::string makeDir(const std::string &dir) {
  std::string partial;
  std::stringstream ss(dir);
  std::string part;
  if (!dir.empty() && dir[0] == '/')
    partial = "/";
  while (std::getline(ss, part, '/')) {
    if (part.empty())
      continue;
    partial += part + "/";
    if (::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST)
      return "cannot create '" + partial + "': " + std::strerror(errno);
  }
  return "";
}

std::string hex(const std::vector<uint8_t> &bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (uint8_t b : bytes) {
    s.push_back(digits[b >> 4]);
    s.push_back(digits[b & 15]);
  }
  return s;
}

std::optional<std::vector<uint8_t>> unhex(const std::string &s) {
  if (s.size() % 2)
    return std::nullopt;
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i < s.size(); i += 2) {
    auto digit = [](char c) -> int {
      if (c >= '0' && c <= '9')
        return c - '0';
      if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
      if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
      return -1;
    };
    int hi = digit(s[i]), lo = digit(s[i + 1]);
    if (hi < 0 || lo < 0)
      return std::nullopt;
    bytes.push_back(static_cast<uint8_t>(hi * 16 + lo));
  }
  return bytes;
}

constexpr tilecheck::EnumName<Buffer::Fill> kFillNames[] = {
    {Buffer::Fill::Contents, "contents"},
    {Buffer::Fill::Zero, "zero"},
    {Buffer::Fill::Uninit, "uninit"}};

const char *fillName(Buffer::Fill fill) {
  return tilecheck::nameOf(kFillNames, fill).data();
}

/// launch.txt without the origin line (which does not decide the result).
std::string manifest(const Launch &launch, bool withOrigin) {
  std::ostringstream os;
  os << "tilecheck-launch 1\n";
  if (withOrigin && !launch.origin.empty())
    os << "origin " << launch.origin << "\n";
  os << "image " << (launch.isPtx ? "kernel.ptx" : "kernel.cubin") << "\n";
  os << "kernel " << launch.kernel << "\n";
  os << "grid " << launch.grid[0] << " " << launch.grid[1] << " "
     << launch.grid[2] << "\n";
  os << "block " << launch.block[0] << " " << launch.block[1] << " "
     << launch.block[2] << "\n";
  os << "dynamic-shared " << launch.dynamicSharedBytes << "\n";
  for (const Buffer &b : launch.buffers)
    os << "buffer " << b.size << " " << fillName(b.fill) << " "
       << (b.readBack ? "readback" : "discard") << "\n";
  for (const Param &p : launch.params) {
    if (p.buffer >= 0)
      os << "param buffer " << p.buffer << "\n";
    else
      os << "param bytes " << hex(p.bytes) << "\n";
  }
  return os.str();
}

/// Whether [at, at + n) lies inside a buffer of `size` bytes (no
/// wrap-around: a damaged image may hold any offset).
bool within(uint64_t at, uint64_t n, uint64_t size) {
  return at <= size && n <= size - at;
}

template <typename T>
bool readInt(const std::string &data, uint64_t at, T &out) {
  if (!within(at, sizeof(T), data.size()))
    return false;
  std::memcpy(&out, data.data() + at, sizeof(T));
  return true;
}

} // namespace

const char *statusName(Status status) {
  return kStatusNames[static_cast<int>(status)];
}

std::optional<Status> statusFromName(const std::string &name) {
  for (size_t i = 0; i < sizeof(kStatusNames) / sizeof(*kStatusNames); ++i)
    if (name == kStatusNames[i])
      return static_cast<Status>(i);
  return std::nullopt;
}

std::optional<CubinKernelInfo> readCubinKernelInfo(const std::string &cubin,
                                                   const std::string &kernel,
                                                   std::string &error) {
  // ELF64, little-endian: the section headers, the section-name table, and
  // the section ".nv.info.<kernel>": a sequence of attributes, each a format
  // byte, an attribute byte and either a 2-byte value (formats 1-3) or a
  // 2-byte size and that many bytes (format 4). Attribute 0x10 is
  // EIATTR_REQNTID (three u32), 0x17 EIATTR_KPARAM_INFO (u32 index, then
  // u16 ordinal, u16 offset, u32 with the size in bits 18..31).
  if (cubin.size() < 64 ||
      cubin.compare(0, 4,
                    "\x7f"
                    "ELF") != 0 ||
      cubin[4] != 2 || cubin[5] != 1) {
    error = "the image is not a 64-bit little-endian ELF cubin";
    return std::nullopt;
  }
  uint64_t shoff = 0;
  uint16_t shentsize = 0, shnum = 0, shstrndx = 0;
  readInt(cubin, 0x28, shoff);
  readInt(cubin, 0x3A, shentsize);
  readInt(cubin, 0x3C, shnum);
  readInt(cubin, 0x3E, shstrndx);
  if (shentsize < 64 || shstrndx >= shnum ||
      !within(shoff, uint64_t(shnum) * shentsize, cubin.size())) {
    error = "the cubin's section headers are out of bounds";
    return std::nullopt;
  }
  auto section = [&](unsigned i, uint32_t &name, uint64_t &off,
                     uint64_t &size) {
    uint64_t at = shoff + uint64_t(i) * shentsize;
    return readInt(cubin, at, name) && readInt(cubin, at + 0x18, off) &&
           readInt(cubin, at + 0x20, size) && within(off, size, cubin.size());
  };
  uint32_t strName = 0;
  uint64_t strOff = 0, strSize = 0;
  if (!section(shstrndx, strName, strOff, strSize)) {
    error = "the cubin's section-name table is out of bounds";
    return std::nullopt;
  }
  std::string wanted = ".nv.info." + kernel;
  for (unsigned i = 0; i < shnum; ++i) {
    uint32_t name = 0;
    uint64_t off = 0, size = 0;
    if (!section(i, name, off, size) || name >= strSize)
      continue;
    const char *n = cubin.data() + strOff + name;
    if (std::string(n, strnlen(n, strSize - name)) != wanted)
      continue;
    CubinKernelInfo info;
    // [off, off + size) lies inside the image (section()).
    for (uint64_t p = off; size - (p - off) >= 4;) {
      uint8_t format = static_cast<uint8_t>(cubin[p]);
      uint8_t attr = static_cast<uint8_t>(cubin[p + 1]);
      if (format != 4) {
        p += 4;
        continue;
      }
      uint16_t len = 0;
      readInt(cubin, p + 2, len);
      uint64_t value = p + 4;
      if (len > size - (value - off))
        break;
      if (attr == 0x10 && len >= 12) {
        std::array<uint32_t, 3> b{};
        for (int d = 0; d < 3; ++d)
          readInt(cubin, value + 4 * d, b[d]);
        info.requiredBlock = b;
      } else if (attr == 0x17 && len >= 12) {
        uint16_t ordinal = 0, offset = 0;
        uint32_t packed = 0;
        readInt(cubin, value + 4, ordinal);
        readInt(cubin, value + 6, offset);
        readInt(cubin, value + 8, packed);
        info.params.push_back({ordinal, offset, packed >> 18});
      }
      p = value + len;
    }
    std::sort(info.params.begin(), info.params.end(),
              [](const ParamInfo &x, const ParamInfo &y) {
                return x.ordinal < y.ordinal;
              });
    return info;
  }
  error =
      "the cubin has no kernel '" + kernel + "' (no section " + wanted + ")";
  return std::nullopt;
}

std::string launchKey(const Launch &launch) {
  tilecheck::Fnv1a f;
  f.addField(manifest(launch, /*withOrigin=*/false));
  f.addField(launch.image);
  for (const Buffer &b : launch.buffers)
    if (b.fill == Buffer::Fill::Contents)
      f.addField(
          llvm::StringRef(reinterpret_cast<const char *>(b.contents.data()),
                          b.contents.size()));
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(f.hash));
  return text;
}

std::string writeBundle(const Launch &launch, const std::string &dir) {
  if (std::string e = makeDir(dir); !e.empty())
    return e;
  std::string m = manifest(launch, /*withOrigin=*/true);
  std::string image =
      dir + "/" + (launch.isPtx ? "kernel.ptx" : "kernel.cubin");
  if (!writeFile(image, launch.image.data(), launch.image.size()))
    return "cannot write '" + image + "'";
  for (size_t i = 0; i < launch.buffers.size(); ++i) {
    const Buffer &b = launch.buffers[i];
    if (b.fill != Buffer::Fill::Contents)
      continue;
    std::string path = dir + "/buf" + std::to_string(i) + ".bin";
    if (!writeFile(path, b.contents.data(), b.contents.size()))
      return "cannot write '" + path + "'";
  }
  // launch.txt last: a bundle with one is complete.
  std::string path = dir + "/launch.txt";
  if (!writeFile(path, m.data(), m.size()))
    return "cannot write '" + path + "'";
  return "";
}

std::optional<Launch> readBundle(const std::string &dir, std::string &error) {
  std::string text;
  if (!readFile(dir + "/launch.txt", text)) {
    error = "no launch bundle in '" + dir + "' (cannot read launch.txt)";
    return std::nullopt;
  }
  std::istringstream in(text);
  std::string line;
  Launch launch;
  unsigned lineNo = 0;
  auto bad = [&](const std::string &why) {
    error = dir + "/launch.txt:" + std::to_string(lineNo) + ": " + why;
    return std::nullopt;
  };
  bool sawHeader = false, sawImage = false;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.empty())
      continue;
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (!sawHeader) {
      std::string version;
      ls >> version;
      if (key != "tilecheck-launch" || version != "1")
        return bad("not a launch bundle (expected 'tilecheck-launch 1')");
      sawHeader = true;
      continue;
    }
    if (key == "origin") {
      launch.origin = line.size() > 7 ? line.substr(7) : "";
    } else if (key == "image") {
      std::string name;
      ls >> name;
      if (name != "kernel.cubin" && name != "kernel.ptx")
        return bad("unknown image '" + name + "'");
      launch.isPtx = name == "kernel.ptx";
      if (!readFile(dir + "/" + name, launch.image))
        return bad("cannot read " + name);
      sawImage = true;
    } else if (key == "kernel") {
      ls >> launch.kernel;
    } else if (key == "grid" || key == "block") {
      std::array<uint32_t, 3> &v = key == "grid" ? launch.grid : launch.block;
      if (!(ls >> v[0] >> v[1] >> v[2]))
        return bad("expected three dimensions");
    } else if (key == "dynamic-shared") {
      if (!(ls >> launch.dynamicSharedBytes))
        return bad("expected a byte count");
    } else if (key == "buffer") {
      Buffer b;
      std::string fill, back;
      if (!(ls >> b.size >> fill >> back))
        return bad("expected 'buffer SIZE FILL readback|discard'");
      std::optional<Buffer::Fill> named =
          tilecheck::parseName(kFillNames, fill);
      if (!named)
        return bad("unknown fill '" + fill + "'");
      b.fill = *named;
      if (b.fill == Buffer::Fill::Contents) {
        std::string path =
            dir + "/buf" + std::to_string(launch.buffers.size()) + ".bin";
        std::string bytes;
        if (!readFile(path, bytes))
          return bad("cannot read '" + path + "'");
        if (bytes.size() != b.size)
          return bad("'" + path + "' has " + std::to_string(bytes.size()) +
                     " bytes, not " + std::to_string(b.size));
        b.contents.assign(bytes.begin(), bytes.end());
      }
      if (back != "readback" && back != "discard")
        return bad("expected readback or discard, not '" + back + "'");
      b.readBack = back == "readback";
      launch.buffers.push_back(std::move(b));
    } else if (key == "param") {
      std::string kind, value;
      ls >> kind >> value;
      Param p;
      if (kind == "buffer") {
        p.buffer = std::atoi(value.c_str());
        if (value.empty() || p.buffer < 0)
          return bad("expected a buffer index");
      } else if (kind == "bytes") {
        auto bytes = unhex(value);
        if (!bytes)
          return bad("expected hex bytes");
        p.bytes = std::move(*bytes);
      } else {
        return bad("expected 'param buffer I' or 'param bytes HEX'");
      }
      launch.params.push_back(std::move(p));
    } else {
      return bad("unknown line '" + key + "'");
    }
  }
  if (!sawHeader)
    return bad("empty launch.txt");
  if (!sawImage || launch.kernel.empty())
    return bad("the bundle names no image or no kernel");
  for (size_t i = 0; i < launch.params.size(); ++i)
    if (launch.params[i].buffer >= static_cast<int>(launch.buffers.size())) {
      error = dir + "/launch.txt: parameter " + std::to_string(i) +
              " names buffer " + std::to_string(launch.params[i].buffer) +
              " of " + std::to_string(launch.buffers.size());
      return std::nullopt;
    }
  return launch;
}

std::string writeResult(const Result &result, const std::string &dir) {
  if (std::string e = makeDir(dir); !e.empty())
    return e;
  std::ostringstream os;
  os << "tilecheck-launch-result 1\n";
  os << "status " << statusName(result.status) << "\n";
  if (!result.device.empty())
    os << "device " << result.device << "\n";
  if (!result.timesMs.empty()) {
    os << "median-ms " << result.medianMs << "\n";
    os << "times-ms";
    for (float t : result.timesMs)
      os << " " << t;
    os << "\n";
  }
  for (size_t i = 0; i < result.buffers.size(); ++i) {
    if (result.buffers[i].empty())
      continue;
    std::string name = "out" + std::to_string(i) + ".bin";
    if (!writeFile(dir + "/" + name, result.buffers[i].data(),
                   result.buffers[i].size()))
      return "cannot write '" + dir + "/" + name + "'";
    os << "out " << i << " " << name << "\n";
  }
  if (!result.printed.empty()) {
    if (!writeFile(dir + "/printed.txt", result.printed.data(),
                   result.printed.size()))
      return "cannot write '" + dir + "/printed.txt'";
    os << "printed printed.txt\n";
  }
  std::string message = result.message;
  if (!message.empty() && message.back() == '\n')
    message.pop_back();
  if (!message.empty()) {
    size_t lines = 1 + std::count(message.begin(), message.end(), '\n');
    os << "message " << lines << "\n" << message << "\n";
  }
  // result.txt last, and whole: a process killed while writing it leaves
  // no result rather than half of one.
  std::string text = os.str();
  std::string partial = dir + "/result.txt.partial";
  if (!writeFile(partial, text.data(), text.size()) ||
      std::rename(partial.c_str(), (dir + "/result.txt").c_str()) != 0)
    return "cannot write '" + dir + "/result.txt'";
  return "";
}

std::optional<Result> readResult(const std::string &dir, std::string &error) {
  std::string text;
  if (!readFile(dir + "/result.txt", text)) {
    error = "no result in '" + dir + "'";
    return std::nullopt;
  }
  std::istringstream in(text);
  std::string line;
  Result r;
  auto bad = [&](const std::string &why) {
    error = dir + "/result.txt: " + why;
    return std::nullopt;
  };
  bool header = false;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (!header) {
      if (key != "tilecheck-launch-result")
        return bad("not a launch result");
      header = true;
    } else if (key == "status") {
      std::string name;
      ls >> name;
      std::optional<Status> s = statusFromName(name);
      if (!s)
        return bad("unknown status '" + name + "'");
      r.status = *s;
    } else if (key == "device") {
      r.device = line.size() > 7 ? line.substr(7) : "";
    } else if (key == "median-ms") {
      ls >> r.medianMs;
    } else if (key == "times-ms") {
      float t;
      while (ls >> t)
        r.timesMs.push_back(t);
    } else if (key == "out") {
      size_t index = 0;
      std::string name, bytes;
      ls >> index >> name;
      if (index > (1u << 20) || !readFile(dir + "/" + name, bytes))
        return bad("cannot read output '" + name + "'");
      if (r.buffers.size() <= index)
        r.buffers.resize(index + 1);
      r.buffers[index].assign(bytes.begin(), bytes.end());
    } else if (key == "printed") {
      std::string name;
      ls >> name;
      if (!readFile(dir + "/" + name, r.printed))
        return bad("cannot read '" + name + "'");
    } else if (key == "message") {
      size_t lines = 0;
      ls >> lines;
      std::string m, l;
      for (size_t i = 0; i < lines && std::getline(in, l); ++i)
        m += (i ? "\n" : "") + l;
      r.message = m;
    }
  }
  if (!header)
    return bad("empty");
  return r;
}

} // namespace tilecheck::oracle::gpu
