// SPDX-License-Identifier: GPL-3.0-or-later
// The owner of one group's precompiled test header (tests/CMakeLists.txt); built, never run.
int main()
{
    return 0;
}
