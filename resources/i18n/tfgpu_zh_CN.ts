<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ScanController</name>
    <message>
        <location filename="../../gui/workers.py" line="184"/>
        <source>the scan ended without a result</source>
        <extracomment>How long closing waits before it logs that the scan is slow to stop.</extracomment>
        <translation>扫描结束了，但没有得到结果</translation>
    </message>
</context>
<context>
    <name>ScanView</name>
    <message>
        <location filename="../../gui/scan_lines.py" line="49"/>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="50"/>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="51"/>
        <source>Problem</source>
        <translation>有问题</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="52"/>
        <source>Not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="80"/>
        <location filename="../../gui/scan_view_pythons.py" line="25"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="81"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="81"/>
        <location filename="../../gui/scan_view.py" line="166"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="101"/>
        <source>TensorFlow in {python}</source>
        <translation>{python} 中的 TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="90"/>
        <source>Operating system</source>
        <extracomment>The scan steps that have a section of their own, in the page&apos;s order.</extracomment>
        <translation>操作系统</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="91"/>
        <source>NVIDIA driver and GPUs</source>
        <translation>NVIDIA 驱动和显卡</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="92"/>
        <source>CUDA toolkits</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="93"/>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="103"/>
        <source>Python environments</source>
        <translation>Python 环境</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="123"/>
        <source>Not supported on this system</source>
        <translation>此系统不支持</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="131"/>
        <source>What to do</source>
        <translation>怎么做</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="132"/>
        <source>Error</source>
        <translation>错误信息</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="133"/>
        <source>Reason code</source>
        <translation>原因代码</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="136"/>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="137"/>
        <source>how this was found ({n})</source>
        <translation>检测依据（{n} 条）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="39"/>
        <source>Unknown system</source>
        <translation>未知系统</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="41"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="42"/>
        <source>Build</source>
        <translation>内部版本号</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="43"/>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="46"/>
        <source>Running inside WSL</source>
        <translation>运行在 WSL 中</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="47"/>
        <source>yes, WSL {n}</source>
        <translation>是，WSL {n}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="49"/>
        <source>GPU passed through to WSL</source>
        <translation>显卡已直通到 WSL</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="51"/>
        <source>WSL installed</source>
        <translation>已安装 WSL</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="53"/>
        <source> (default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="55"/>
        <source>WSL distro</source>
        <translation>WSL 发行版</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="56"/>
        <source>{name}{default}: WSL {version}, {state}</source>
        <translation>{name}{default}：WSL {version}，{state}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="108"/>
        <source>GPU {index}</source>
        <translation>显卡 {index}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="85"/>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="86"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="97"/>
        <source>{gib:.1f} GiB</source>
        <translation>{gib:.1f} GiB</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="87"/>
        <source>Driver model</source>
        <translation>驱动模式</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="66"/>
        <source>n/a: {why}</source>
        <translation>无法读取：{why}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="84"/>
        <source>UUID</source>
        <extracomment>GpuInfo fields shown as rows of a GPU (``unavailable`` reasons of other fields get a row of their own).</extracomment>
        <translation>UUID</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="88"/>
        <source>PCI bus</source>
        <translation>PCI 总线</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="89"/>
        <source>Power limit</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="90"/>
        <source>Max graphics clock</source>
        <translation>最高核心频率</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="91"/>
        <source>Max memory clock</source>
        <translation>最高显存频率</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="99"/>
        <source>{watts:g} W</source>
        <translation>{watts:g} W</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="101"/>
        <source>{mhz} MHz</source>
        <translation>{mhz} MHz</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="123"/>
        <source>Driver {driver}, supports CUDA up to {cuda}</source>
        <translation>驱动 {driver}，最高支持 CUDA {cuda}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="126"/>
        <source>GPUs: {n}</source>
        <translation>显卡：{n} 块</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="128"/>
        <source>No NVIDIA driver found</source>
        <translation>未找到 NVIDIA 驱动</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="130"/>
        <source>Driver version</source>
        <translation>驱动版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="131"/>
        <source>Highest CUDA this driver supports</source>
        <translation>此驱动支持的最高 CUDA 版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="132"/>
        <source>Read through</source>
        <translation>读取方式</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="133"/>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="142"/>
        <source>Installed: {versions}</source>
        <translation>已安装：{versions}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="148"/>
        <source>No CUDA toolkit found</source>
        <translation>未找到 CUDA 工具包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="151"/>
        <source>CUDA_PATH</source>
        <translation>CUDA_PATH</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="152"/>
        <source>First on PATH</source>
        <translation>PATH 中排在最前</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="153"/>
        <source>nvcc on PATH</source>
        <translation>PATH 中的 nvcc</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="156"/>
        <source>CUDA {version}</source>
        <translation>CUDA {version}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="161"/>
        <source>Full version</source>
        <translation>完整版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="162"/>
        <source>nvcc</source>
        <translation>nvcc</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="164"/>
        <source>yes (entry {n})</source>
        <translation>是（第 {n} 项）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="168"/>
        <source>bin folder on PATH</source>
        <translation>bin 文件夹在 PATH 中</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="169"/>
        <location filename="../../gui/scan_view.py" line="189"/>
        <location filename="../../gui/scan_view_pythons.py" line="127"/>
        <source>Found through</source>
        <translation>发现途径</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="176"/>
        <source>No cuDNN found</source>
        <translation>未找到 cuDNN</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="180"/>
        <source>cuDNN {version}</source>
        <translation>cuDNN {version}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="185"/>
        <source>Header</source>
        <translation>头文件</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="186"/>
        <source>Inside CUDA toolkit</source>
        <translation>所在 CUDA 工具包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="188"/>
        <source>Library</source>
        <translation>库文件</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="38"/>
        <source>Check “{step}” failed</source>
        <translation>检查步骤“{step}”失败</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="48"/>
        <source>Libraries load-tested</source>
        <translation>库加载测试</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="49"/>
        <source>{loaded} of {n} could be loaded</source>
        <translation>{n} 个中有 {loaded} 个能加载</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="56"/>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="58"/>
        <source>no reason given</source>
        <translation>没有给出原因</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="59"/>
        <source>cannot be loaded: {why}</source>
        <translation>无法加载：{why}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="64"/>
        <source>Installed more than once</source>
        <translation>重复安装</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="65"/>
        <source>{name}: versions {versions}</source>
        <translation>{name}：版本 {versions}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="74"/>
        <source>TensorFlow</source>
        <translation>TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="76"/>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="81"/>
        <location filename="../../gui/scan_view_pythons.py" line="88"/>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="89"/>
        <source>Import error</source>
        <translation>导入错误</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="90"/>
        <location filename="../../gui/scan_view_pythons.py" line="110"/>
        <source>Why no GPU</source>
        <translation>为什么没有 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="84"/>
        <source>Not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="126"/>
        <source>Something is wrong here</source>
        <translation>这里有问题</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="195"/>
        <source>missing (cuDNN 8.3 and later needs it)</source>
        <translation>缺失（cuDNN 8.3 及以上需要它）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="98"/>
        <source>GPUs seen: {n}</source>
        <translation>识别到的 GPU：{n} 块</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="100"/>
        <location filename="../../gui/scan_view_pythons.py" line="148"/>
        <source>GPU ready</source>
        <translation>GPU 可用</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="100"/>
        <location filename="../../gui/scan_view_pythons.py" line="152"/>
        <source>No GPU</source>
        <translation>没有 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="27"/>
        <source>yes: CUDA {cuda}, cuDNN {cudnn}</source>
        <translation>是：CUDA {cuda}，cuDNN {cudnn}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="30"/>
        <source>no: this TensorFlow can only use the CPU</source>
        <translation>否：这个 TensorFlow 只能使用 CPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="42"/>
        <source>Missing libraries</source>
        <translation>缺少的库</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="95"/>
        <source>GPUs seen: unknown</source>
        <translation>识别到的 GPU：未知</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="96"/>
        <location filename="../../gui/scan_view_pythons.py" line="150"/>
        <source>GPU unknown</source>
        <translation>GPU 未知</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="103"/>
        <source>TensorFlow did not list its GPUs and gave no reason</source>
        <translation>TensorFlow 没有列出它的 GPU，也没有说明原因</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="107"/>
        <source>Built with CUDA</source>
        <translation>带 CUDA 编译</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="109"/>
        <source>GPU seen</source>
        <translation>识别到的 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="111"/>
        <source>CUDA libraries loaded</source>
        <translation>已加载的 CUDA 库</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="113"/>
        <source>NVIDIA pip packages</source>
        <translation>NVIDIA 的 pip 包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="121"/>
        <source>Python {details}</source>
        <translation>Python {details}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="124"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="124"/>
        <source>this is the Python running this app</source>
        <translation>这是正在运行本程序的 Python</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="125"/>
        <source>Prefix</source>
        <translation>环境目录</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="126"/>
        <source>Bits</source>
        <translation>位数</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="140"/>
        <source>Pythons: {envs} · with TensorFlow: {tf} · TensorFlow sees a GPU: {gpu}</source>
        <translation>Python：{envs} 个 · 装有 TensorFlow：{tf} 个 · TensorFlow 识别到 GPU：{gpu} 个</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="144"/>
        <source>No Python found</source>
        <translation>未找到 Python</translation>
    </message>
    <message>
        <location filename="../../gui/scan_lines.py" line="94"/>
        <source>Python and TensorFlow</source>
        <translation>Python 与 TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="106"/>
        <source>Why unknown</source>
        <translation>为什么未知</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="154"/>
        <source>No TensorFlow</source>
        <translation>没有 TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="157"/>
        <source>Microsoft Store placeholder</source>
        <translation>Microsoft Store 占位程序</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view_pythons.py" line="158"/>
        <source>Typing “python” in a terminal opens the Microsoft Store instead of running a Python ({path}).</source>
        <translation>在终端里输入“python”会打开 Microsoft Store，而不是运行 Python（{path}）。</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="217"/>
        <source>TF GPU Assistant {version}: system check of {when} ({seconds:.1f} s)</source>
        <translation>TF GPU 助手 {version}：{when} 的系统检查（用时 {seconds:.1f} 秒）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="222"/>
        <source>The check was stopped before the end; some results are missing.</source>
        <translation>检查在完成前被停止，部分结果缺失。</translation>
    </message>
</context>
<context>
    <name>SystemPage</name>
    <message>
        <location filename="../../gui/pages/system.py" line="51"/>
        <source>Your system</source>
        <translation>你的系统</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="54"/>
        <source>We look at the graphics driver, CUDA, cuDNN and every Python on this computer. Nothing is installed or changed.</source>
        <translation>我们会检查显卡驱动、CUDA、cuDNN，以及这台电脑上的每一个 Python。不会安装或修改任何东西。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="93"/>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="93"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="93"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="109"/>
        <source>Select a line above to read it in full here.</source>
        <translation>在上方选中一行，即可在这里查看完整内容。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="117"/>
        <location filename="../../gui/pages/system.py" line="286"/>
        <source>Re-check</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="118"/>
        <source>Run every check again, e.g. after you changed something.</source>
        <translation>重新运行所有检查，例如在你修改了某些设置之后。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="120"/>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="121"/>
        <source>Copy the whole result, to paste into a chat or an issue.</source>
        <translation>复制完整结果，方便粘贴到聊天或问题报告（issue）里。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="136"/>
        <source>Ready to check this computer.</source>
        <translation>准备检查这台电脑。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="171"/>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="195"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="197"/>
        <source>Checking your computer… this takes a few seconds, up to a minute.</source>
        <translation>正在检查你的电脑…需要几秒钟，最多一分钟。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="218"/>
        <source>%v of %m checks done</source>
        <translation>已完成 %v / %m 项检查</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="208"/>
        <source>Done: {step}</source>
        <translation>已完成：{step}</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="232"/>
        <source>The result could not be shown: {error}. Click Re-check to try again; if it keeps failing, please report it.</source>
        <translation>检查结果无法显示：{error}。点击“重新检查”再试一次；如果一直失败，请报告这个问题。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="242"/>
        <source>The check was stopped; some results are missing. Click Re-check to run it again.</source>
        <translation>检查已停止，部分结果缺失。点击“重新检查”可再次运行。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="244"/>
        <source>Check finished in {seconds:.1f} s.</source>
        <translation>检查完成，用时 {seconds:.1f} 秒。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="247"/>
        <source>No problem found in these checks.</source>
        <translation>这些检查都没有发现问题。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pages/system.py" line="248"/>
        <source>%n part(s) need your attention: select one to read what to do.</source>
        <translation>
            <numerusform>有 %n 项需要注意：选中一项即可查看该怎么做。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="255"/>
        <source>The check could not finish: {error}. Click Re-check to try again; if it keeps failing, please report it.</source>
        <translation>检查未能完成：{error}。点击“重新检查”再试一次；如果一直失败，请报告这个问题。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="286"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="304"/>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="313"/>
        <source>Found; now asking TensorFlow in each one whether it sees the GPU…</source>
        <translation>已找到；正在逐个询问其中的 TensorFlow 能否识别到 GPU…</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="317"/>
        <source>Checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="324"/>
        <source>TensorFlow checked in {done} of {total} Pythons…</source>
        <translation>已在 {done} / {total} 个 Python 中检查 TensorFlow…</translation>
    </message>
</context>
<context>
    <name>TfgpuWizard</name>
    <message>
        <location filename="../../gui/wizard.py" line="31"/>
        <source>TF GPU Assistant</source>
        <translation>TF GPU 助手</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../../gui/pages/welcome.py" line="15"/>
        <source>Welcome to TF GPU Assistant</source>
        <translation>欢迎使用 TF GPU 助手</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="16"/>
        <source>From “I have an NVIDIA card” to “TensorFlow runs on it”.</source>
        <translation>从“我有一块 NVIDIA 显卡”到“TensorFlow 在它上面跑起来”。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="39"/>
        <source>What this app does</source>
        <translation>这个程序做什么</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="41"/>
        <source>TensorFlow needs several pieces to use your graphics card: the NVIDIA driver, the CUDA and cuDNN libraries in versions that match, and a Python in which TensorFlow is installed. This app checks each of them on this computer.</source>
        <translation>TensorFlow 要用上你的显卡，需要几样东西：NVIDIA 驱动、版本相互匹配的 CUDA 和 cuDNN 库，以及一个装有 TensorFlow 的 Python。本程序会在这台电脑上逐一检查它们。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="47"/>
        <source>What you get</source>
        <translation>你会得到什么</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="49"/>
        <source>When something is missing or does not match, it tells you why in plain words and what to do about it. After each fix, one click checks again.</source>
        <translation>如果缺了什么或者版本对不上，它会用通俗的话告诉你原因，以及该怎么解决。每修好一处，点一下就能重新检查。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="54"/>
        <source>What happens next</source>
        <translation>接下来会发生什么</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="56"/>
        <source>Click &lt;b&gt;Next&lt;/b&gt;. The app looks at this computer: the driver, CUDA, cuDNN and every Python it can find, and it starts TensorFlow in each of them to ask whether it sees the GPU. This takes a few seconds, up to a minute. Nothing is installed or changed.</source>
        <translation>点击&lt;b&gt;下一步&lt;/b&gt;。程序会检查这台电脑：驱动、CUDA、cuDNN 以及能找到的每一个 Python，并在每个 Python 中启动 TensorFlow，看它能否识别到 GPU。这需要几秒钟，最多一分钟。不会安装或修改任何东西。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="63"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="65"/>
        <source>The app speaks English and Simplified Chinese and follows your system language. To choose, start it with &lt;code&gt;tfgpu gui --lang en&lt;/code&gt; or &lt;code&gt;tfgpu gui --lang zh_CN&lt;/code&gt;.</source>
        <translation>本程序支持英文和简体中文，默认跟随系统语言。如需指定，请用 &lt;code&gt;tfgpu gui --lang en&lt;/code&gt; 或 &lt;code&gt;tfgpu gui --lang zh_CN&lt;/code&gt; 启动。</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <location filename="../../core/probes/base.py" line="98"/>
        <source>This is a bug in tfgpu; the rest of the scan is still valid.</source>
        <translation>这是 tfgpu 自身的程序错误（bug）；其余的检查结果仍然有效。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cuda.py" line="365"/>
        <source>No CUDA toolkit was found. Linux TensorFlow installed with pip (tensorflow[and-cuda]) brings its own CUDA libraries and does not need one; native Windows TensorFlow needs the toolkit version it was built for.</source>
        <translation>没有找到 CUDA 工具包。在 Linux 上用 pip 安装的 TensorFlow（tensorflow[and-cuda]）自带 CUDA 库，不需要单独安装工具包；原生 Windows 版 TensorFlow 则需要安装它编译时所用版本的工具包。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cuda.py" line="373"/>
        <source>CUDA_PATH points to {path}, which is not a CUDA toolkit (it was probably uninstalled). Point it at an installed toolkit or remove it.</source>
        <translation>CUDA_PATH 指向 {path}，但那里不是 CUDA 工具包（很可能已被卸载）。请把它改为指向已安装的工具包，或者删除这个变量。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cudnn.py" line="129"/>
        <source>cuDNN for TensorFlow exists only for Windows and Linux.</source>
        <translation>供 TensorFlow 使用的 cuDNN 只有 Windows 和 Linux 版本。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cudnn.py" line="398"/>
        <source>No cuDNN library was found. On Linux, tensorflow[and-cuda] installs cuDNN as a pip package inside the Python environment (not checked here). On Windows, copy cuDNN&apos;s bin, include and lib files into the CUDA toolkit folder, or add its bin folder to PATH.</source>
        <translation>没有找到 cuDNN 库。在 Linux 上，tensorflow[and-cuda] 会把 cuDNN 作为 pip 包装进 Python 环境里（这里不检查）。在 Windows 上，请把 cuDNN 的 bin、include 和 lib 文件复制到 CUDA 工具包文件夹中，或者把它的 bin 文件夹加入 PATH。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cudnn.py" line="408"/>
        <source>cuDNN is installed in {folder}, but that folder is not on PATH.</source>
        <translation>cuDNN 安装在 {folder}，但这个文件夹不在 PATH 中。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cudnn.py" line="412"/>
        <source>This cuDNN needs zlibwapi.dll, which was not found. Put it in a folder on PATH.</source>
        <translation>这个版本的 cuDNN 需要 zlibwapi.dll，但没有找到它。请把它放到 PATH 中的某个文件夹里。</translation>
    </message>
    <message>
        <location filename="../../core/probes/cudnn.py" line="417"/>
        <source>zlibwapi.dll is in {folder}, which is not on PATH or in System32.</source>
        <translation>zlibwapi.dll 位于 {folder}，但这个文件夹既不在 PATH 中，也不是 System32。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="55"/>
        <source>No NVIDIA driver is installed: its management library (nvml.dll on Windows, libnvidia-ml.so.1 on Linux) is not on this computer. Install the NVIDIA driver for your GPU from nvidia.com, restart, then re-check.</source>
        <translation>没有安装 NVIDIA 驱动：这台电脑上没有它的管理库（Windows 上是 nvml.dll，Linux 上是 libnvidia-ml.so.1）。请从 nvidia.com 下载适合你显卡的 NVIDIA 驱动并安装，重启电脑，然后重新检查。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="64"/>
        <source>The NVIDIA driver is installed but not running. On Linux this usually happens after a kernel update when the driver module was not rebuilt for the new kernel: install DKMS and reinstall the driver (or boot the previous kernel), then restart. On Windows, reinstall the driver and restart.</source>
        <translation>NVIDIA 驱动已安装，但没有在运行。在 Linux 上，这通常发生在内核更新后、驱动模块没有为新内核重新编译的时候：请安装 DKMS 并重新安装驱动（或者改用之前的内核启动），然后重启。在 Windows 上，请重新安装驱动并重启。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="74"/>
        <source>The NVIDIA driver is running but sees no GPU. Check that the card is enabled (BIOS, Device Manager, a laptop&apos;s hybrid-graphics setting) and, in a container or VM, that the GPU was passed through.</source>
        <translation>NVIDIA 驱动正在运行，但没有识别到任何 GPU。请检查显卡是否已启用（BIOS、设备管理器、笔记本电脑的混合显卡/双显卡设置）；如果是在容器或虚拟机里，请确认 GPU 已直通进去。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="83"/>
        <source>The NVIDIA driver was updated but the old driver is still loaded, so the two halves do not match. Restart the computer.</source>
        <translation>NVIDIA 驱动已经更新，但旧驱动仍处于加载状态，新旧两部分版本对不上。请重启电脑。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="91"/>
        <source>This user is not allowed to talk to the NVIDIA driver (or to run nvidia-smi). Try again as an administrator/root; in a container, start it with GPU access (e.g. docker --gpus all).</source>
        <translation>当前用户无权访问 NVIDIA 驱动（或无权运行 nvidia-smi）。请以管理员/root 身份重试；如果是在容器里，请在启动容器时开启 GPU 访问（例如 docker --gpus all）。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="100"/>
        <source>nvidia-smi ran but its answer could not be understood. Its raw output is kept with this result; reinstalling the NVIDIA driver usually fixes a broken nvidia-smi.</source>
        <translation>nvidia-smi 运行了，但无法理解它的输出。原始输出已随本结果一并保存；重新安装 NVIDIA 驱动通常可以修复出错的 nvidia-smi。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="108"/>
        <source>nvidia-smi did not answer in time, so the driver or the GPU is stuck. Close programs using the GPU and restart the computer.</source>
        <translation>nvidia-smi 没有及时响应，说明驱动或 GPU 卡住了。请关闭正在使用 GPU 的程序，然后重启电脑。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="116"/>
        <source>The NVIDIA driver did not answer in time, so it or the GPU is stuck. Close programs using the GPU and restart the computer.</source>
        <translation>NVIDIA 驱动没有及时响应，说明驱动或 GPU 卡住了。请关闭正在使用 GPU 的程序，然后重启电脑。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="124"/>
        <source>The NVIDIA driver reported an error. Restart the computer; if it persists, reinstall the NVIDIA driver.</source>
        <translation>NVIDIA 驱动报告了一个错误。请重启电脑；如果问题依旧，请重新安装 NVIDIA 驱动。</translation>
    </message>
    <message>
        <location filename="../../core/probes/driver.py" line="132"/>
        <source>Neither NVIDIA&apos;s management library nor nvidia-smi could be used, so no NVIDIA driver was found. If this computer has an NVIDIA GPU, install its driver from nvidia.com.</source>
        <translation>NVIDIA 的管理库和 nvidia-smi 都无法使用，所以没有找到 NVIDIA 驱动。如果这台电脑装有 NVIDIA 显卡，请从 nvidia.com 安装它的驱动。</translation>
    </message>
    <message>
        <location filename="../../core/probes/os_info.py" line="56"/>
        <source>NVIDIA GPUs with TensorFlow are supported on Windows and Linux only.</source>
        <translation>只有 Windows 和 Linux 支持用 NVIDIA GPU 运行 TensorFlow。</translation>
    </message>
    <message>
        <location filename="../../core/probes/os_info.py" line="140"/>
        <source>WSL 1 cannot use the GPU; convert this distro with `wsl --set-version &lt;distro&gt; 2`.</source>
        <translation>WSL 1 无法使用 GPU；请运行 `wsl --set-version &lt;distro&gt; 2`（把 &lt;distro&gt; 换成发行版名称），把这个发行版转换为 WSL 2。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="223"/>
        <source>Python {version} is too old for TensorFlow checks (needs {min_python}+); use a newer Python for TensorFlow.</source>
        <translation>Python {version} 太旧，无法进行 TensorFlow 检查（需要 {min_python} 及以上）；请用更新的 Python 来运行 TensorFlow。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="232"/>
        <source>This interpreter is listed but no longer exists (left behind by an uninstall).</source>
        <translation>这个解释器仍被列出，但实际已经不存在了（卸载后遗留的记录）。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="237"/>
        <source>This file cannot be run: it is not marked as a program, or this user may not run it.</source>
        <translation>这个文件无法运行：它没有被标记为可执行程序，或者当前用户无权运行它。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="241"/>
        <source>This interpreter did not answer in time; it may hang on start-up.</source>
        <translation>这个解释器没有及时响应；它可能在启动时卡住了。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="244"/>
        <source>This program is named like Python but did not answer like one.</source>
        <translation>这个程序的名字像 Python，但它的响应不像 Python。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="302"/>
        <source>No Python was found. Install Python from python.org (3.10 for TensorFlow 2.10 on Windows).</source>
        <translation>没有找到 Python。请从 python.org 安装 Python（如果要在 Windows 上使用 TensorFlow 2.10，请选 3.10）。</translation>
    </message>
    <message>
        <location filename="../../core/probes/pythons.py" line="307"/>
        <source>Pythons were found but none of them could be used; see each entry.</source>
        <translation>找到了 Python，但没有一个能用；请查看每一项的详情。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="42"/>
        <source>The check was cancelled; run it again.</source>
        <translation>检查已取消；请重新运行。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="43"/>
        <source>This file could not be run as a Python interpreter.</source>
        <translation>这个文件无法作为 Python 解释器运行。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="44"/>
        <source>TensorFlow did not answer in time. Close other programs using the GPU and re-check; if it keeps hanging, run `python -c &quot;import tensorflow&quot;` in that environment to see where.</source>
        <translation>TensorFlow 没有及时响应。请关闭其他正在使用 GPU 的程序，然后重新检查；如果仍然卡住，请在该环境中运行 `python -c &quot;import tensorflow&quot;`，看看卡在哪里。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="49"/>
        <source>The checker and its helper script do not match; reinstall TF GPU Assistant.</source>
        <translation>检查程序与它的辅助脚本版本不匹配；请重新安装 TF GPU 助手。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="52"/>
        <source>This program printed something that is not the checker&apos;s answer; is it really a Python interpreter?</source>
        <translation>这个程序输出了一些不属于检查程序应答的内容；它真的是 Python 解释器吗？</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="55"/>
        <source>This program ran but said nothing; it is not a Python interpreter.</source>
        <translation>这个程序运行了，但没有任何输出；它不是 Python 解释器。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="56"/>
        <source>TensorFlow is not installed in this environment.</source>
        <translation>这个环境中没有安装 TensorFlow。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="57"/>
        <source>`import tensorflow` fails in this environment; the exact error is below.</source>
        <translation>在这个环境中 `import tensorflow` 失败；具体错误见下方。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="60"/>
        <source>The checker&apos;s answer could not be read.</source>
        <translation>无法读取检查程序的应答。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="61"/>
        <source>TensorFlow imported, but asking it for its GPUs failed, so whether it sees one is unknown. The error below is TensorFlow&apos;s own; re-check after closing other programs that use the GPU.</source>
        <translation>TensorFlow 已成功导入，但向它查询 GPU 时出错，因此无法确定它能否识别到 GPU。下面是 TensorFlow 自己给出的错误信息；请关闭其他正在使用 GPU 的程序后重新检查。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="64"/>
        <source>This Python is too old to check (the checker needs {min_python} or newer). Use a newer Python environment for TensorFlow.</source>
        <translation>这个 Python 太旧，无法检查（检查程序需要 {min_python} 或更新版本）。请为 TensorFlow 使用更新的 Python 环境。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="69"/>
        <source>TensorFlow crashed on a CPU instruction: this processor lacks an instruction set the build needs.</source>
        <translation>TensorFlow 在执行某条 CPU 指令时崩溃：这台电脑的处理器缺少这个 TensorFlow 版本所需的指令集。</translation>
    </message>
    <message>
        <location filename="../../core/probes/tensorflow.py" line="72"/>
        <source>The helper process crashed before answering; the last TensorFlow log lines usually say why. Try `python -c &quot;import tensorflow&quot;` in that environment.</source>
        <translation>辅助进程在给出应答之前就崩溃了；TensorFlow 日志的最后几行通常会说明原因。请在该环境中运行 `python -c &quot;import tensorflow&quot;` 试试。</translation>
    </message>
</context>
</TS>
